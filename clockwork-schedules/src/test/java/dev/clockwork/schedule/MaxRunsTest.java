package dev.clockwork.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.schedule.audit.ScheduleAuditEvent;
import dev.clockwork.schedule.audit.ScheduleEventType;
import dev.clockwork.schedule.error.ScheduleDeletedException;
import dev.clockwork.schedule.outcome.TickResult;
import dev.clockwork.schedule.outcome.TriggerOutcome;
import dev.clockwork.schedule.store.ScheduleStatus;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The seed's {@code one-shot-retry}: every 5 minutes, at most 3 runs, then deleted. */
class MaxRunsTest {
  ScheduleFixture fixture;

  @BeforeEach
  void create() {
    fixture = ScheduleFixture.at("2026-03-01T12:01:00Z");
    ScheduleDescription created =
        fixture.schedules.create(
            ScheduleRequest.builder("one-shot-retry")
                .startMachine("job", Map.of())
                .cron("*/5 * * * *")
                .maxRuns(3)
                .build());
    assertThat(created.remainingActions()).isEqualTo(3);
  }

  @Test
  void deletesItselfAfterThreeRuns() {
    for (String at : List.of("12:05", "12:10", "12:15")) {
      TickResult row = fixture.tickAt("2026-03-01T" + at + ":00Z").get(0);
      assertThat(row.outcome()).isEqualTo(TriggerOutcome.STARTED);
      fixture.finish(row.instanceId());
    }
    ScheduleDescription described = fixture.schedules.describe("one-shot-retry");
    assertThat(described.status()).isEqualTo(ScheduleStatus.DELETED);
    assertThat(described.remainingActions()).isZero();
    assertThat(described.firesCount()).isEqualTo(3);
    assertThat(described.record().deleteReason()).isEqualTo("max_runs_exhausted");
    assertThat(described.record().deletedAt()).isEqualTo(ScheduleFixture.t("2026-03-01T12:15:00Z"));
    assertThat(described.nextFireAt()).isNull();
    assertThat(fixture.tickAt("2026-03-01T12:20:00Z")).isEmpty();
    assertThat(fixture.instances("job")).hasSize(3);

    List<ScheduleAuditEvent> events = fixture.schedules.history("one-shot-retry").events();
    ScheduleAuditEvent last = events.get(events.size() - 1);
    assertThat(last.type()).isEqualTo(ScheduleEventType.ScheduleDeleted);
    assertThat(last.payload()).containsEntry("reason", "max_runs_exhausted");
    assertThat(events)
        .extracting(ScheduleAuditEvent::type)
        .containsExactly(
            ScheduleEventType.ScheduleCreated,
            ScheduleEventType.ScheduleTriggered,
            ScheduleEventType.ScheduleTriggered,
            ScheduleEventType.ScheduleTriggered,
            ScheduleEventType.ScheduleDeleted);
    assertThatThrownBy(() -> fixture.schedules.trigger("one-shot-retry"))
        .isInstanceOf(ScheduleDeletedException.class)
        .hasMessageContaining("max_runs_exhausted");
  }

  @Test
  void skippedOccurrencesDoNotUseUpRuns() {
    fixture.tickAt("2026-03-01T12:05:00Z");
    fixture.tickAt("2026-03-01T12:10:00Z"); // skipped: the first run is still going
    assertThat(fixture.schedules.describe("one-shot-retry").remainingActions()).isEqualTo(2);
  }

  @Test
  void manualTriggersCountAsRuns() {
    fixture.schedules.trigger("one-shot-retry");
    assertThat(fixture.schedules.describe("one-shot-retry").remainingActions()).isEqualTo(2);
  }

  @Test
  void anUpdateOfMaxRunsStartsAFreshCount() {
    TickResult row = fixture.tickAt("2026-03-01T12:05:00Z").get(0);
    fixture.finish(row.instanceId());
    fixture.schedules.update("one-shot-retry", ScheduleUpdate.builder().maxRuns(5).build());
    assertThat(fixture.schedules.describe("one-shot-retry").remainingActions()).isEqualTo(5);
    fixture.schedules.update("one-shot-retry", ScheduleUpdate.builder().maxRuns(null).build());
    assertThat(fixture.schedules.describe("one-shot-retry").remainingActions()).isNull();
  }
}
