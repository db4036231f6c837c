package dev.clockwork.schedule;

import static dev.clockwork.schedule.ScheduleFixture.t;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.schedule.audit.ScheduleAuditEvent;
import dev.clockwork.schedule.audit.ScheduleEventType;
import dev.clockwork.schedule.definition.OverlapPolicy;
import dev.clockwork.schedule.outcome.TriggerOutcome;
import dev.clockwork.schedule.store.ScheduleRecord;
import dev.clockwork.schedule.store.ScheduleStore;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * An occurrence evaluated twice — by a node whose claim went stale, or after a node recorded the
 * trigger and died before starting its run — starts one instance and is recorded once.
 */
class RepeatedEvaluationTest {
  static final String ID = "schedule:hourly:2026-03-01T13:00:00Z";
  ScheduleFixture fixture = ScheduleFixture.at("2026-03-01T12:30:00Z");

  @BeforeEach
  void create() {
    fixture.schedules.create(
        ScheduleRequest.builder("hourly")
            .startMachine("job", Map.of())
            .cron("0 * * * *")
            .overlapPolicy(OverlapPolicy.ALLOW_ALL)
            .build());
  }

  @Test
  void aNodeWithAStaleClaimStartsNothingAndRecordsNothing() {
    fixture.clock.moveTo(t("2026-03-01T13:00:00Z"));
    List<ScheduleRecord> stale = fixture.store.list("default", false, null, 10);
    assertThat(fixture.schedules.tick()).hasSize(1);

    Schedules late =
        Schedules.builder(fixture.engine)
            .store(new StaleOnce(fixture.store, stale))
            .options(o -> o.owner("late-node"))
            .build();
    assertThat(late.tick()).isEmpty();
    assertThat(fixture.instances("job")).containsExactly(ID);
    assertThat(fixture.schedules.describe("hourly").firesCount()).isEqualTo(1);
    assertThat(triggered())
        .singleElement()
        .satisfies(e -> assertThat(e.payload()).containsEntry("outcome", "started"));
  }

  @Test
  void aTriggerRecordedByANodeThatDiedBeforeStartingItsRunIsStartedByTheNextTick() {
    fixture.clock.moveTo(t("2026-03-01T13:00:00Z"));
    Schedules dying =
        Schedules.builder(fixture.engine)
            .store(new TriggerRecordContractTest.DiesAtWrite(fixture.store, 1, true))
            .options(o -> o.owner("dying-node"))
            .build();
    assertThatThrownBy(dying::tick).isInstanceOf(TriggerRecordContractTest.NodeDied.class);
    assertThat(fixture.instances("job")).isEmpty();
    assertThat(fixture.schedules.describe("hourly").record().pending()).hasSize(1);

    fixture.clock.advance(Duration.ofSeconds(30)); // the dead node's claim expires
    assertThat(fixture.schedules.tick())
        .singleElement()
        .satisfies(
            r -> {
              assertThat(r.outcome()).isEqualTo(TriggerOutcome.STARTED);
              assertThat(r.instanceId()).isEqualTo(ID);
              assertThat(r.occurrenceTime()).isEqualTo(t("2026-03-01T13:00:00Z"));
            });
    assertThat(fixture.instances("job")).containsExactly(ID);
    assertThat(fixture.schedules.describe("hourly").firesCount()).isEqualTo(1);
    assertThat(fixture.schedules.describe("hourly").record().pending()).isEmpty();
    assertThat(triggered()).singleElement();
    assertThat(fixture.schedules.tick()).isEmpty();
  }

  @Test
  void aFailingEvaluationLeavesTheClaimToExpireAndIsRetried() {
    ScheduleFixture broken = ScheduleFixture.at("2026-03-01T12:30:00Z");
    broken.schedules.create(
        ScheduleRequest.builder("later-unregistered")
            .startMachine("job", Map.of())
            .cron("0 * * * *")
            .build());
    Schedules otherNode =
        Schedules.builder(
                dev.clockwork.runtime.Engine.builder().clock(broken.clock).build()) // no machines
            .store(broken.store)
            .options(o -> o.claimLease(Duration.ofSeconds(30)))
            .build();
    broken.clock.moveTo(t("2026-03-01T13:00:00Z"));
    assertThat(otherNode.tick())
        .singleElement()
        .satisfies(
            r -> {
              assertThat(r.outcome()).isEqualTo(TriggerOutcome.FAILED);
              assertThat(r.reason()).contains("job");
            });
    assertThat(broken.schedules.tick()).isEmpty(); // still claimed by the failed node
    broken.clock.advance(Duration.ofSeconds(30));
    assertThat(broken.schedules.tick())
        .singleElement()
        .satisfies(r -> assertThat(r.outcome()).isEqualTo(TriggerOutcome.STARTED));
  }

  private List<ScheduleAuditEvent> triggered() {
    return fixture.schedules.history("hourly").events().stream()
        .filter(e -> e.type() == ScheduleEventType.ScheduleTriggered)
        .toList();
  }

  /** Hands out a stale read of the due schedules once, then behaves. */
  static final class StaleOnce extends ForwardingScheduleStore {
    private List<ScheduleRecord> stale;

    StaleOnce(ScheduleStore delegate, List<ScheduleRecord> stale) {
      super(delegate);
      this.stale = stale;
    }

    @Override
    public List<ScheduleRecord> claimDue(Instant now, int limit, String owner, Duration lease) {
      if (stale != null) {
        List<ScheduleRecord> once = stale;
        stale = null;
        return once;
      }
      return delegate.claimDue(now, limit, owner, lease);
    }
  }
}
