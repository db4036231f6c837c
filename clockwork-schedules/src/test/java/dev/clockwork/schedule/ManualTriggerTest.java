package dev.clockwork.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.schedule.definition.OverlapPolicy;
import dev.clockwork.schedule.store.ScheduleCommit;
import dev.clockwork.schedule.store.ScheduleStore;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A trigger by hand evaluates the overlap policy now. */
class ManualTriggerTest {
  ScheduleFixture fixture = ScheduleFixture.at("2026-03-01T12:00:00Z");

  void create(OverlapPolicy policy) {
    fixture.schedules.create(
        ScheduleRequest.builder("report")
            .startMachine("job", Map.of())
            .cron("0 2 * * *")
            .overlapPolicy(policy)
            .build());
  }

  @Test
  void startsAnInstanceNowAndLeavesTheNextFireAlone() {
    create(OverlapPolicy.SKIP);
    String id = fixture.schedules.trigger("report");
    assertThat(id).isEqualTo("schedule:report:manual:1");
    assertThat(fixture.history(id).get(0).payload())
        .containsEntry("occurrence_time", "2026-03-01T12:00:00Z");
    ScheduleDescription described = fixture.schedules.describe("report");
    assertThat(described.firesCount()).isEqualTo(1);
    assertThat(described.nextFireAt()).isEqualTo(ScheduleFixture.t("2026-03-02T02:00:00Z"));
  }

  @Test
  void returnsNullWhenTheOverlapPolicySkips() {
    create(OverlapPolicy.SKIP);
    fixture.schedules.trigger("report");
    fixture.clock.advance(java.time.Duration.ofMinutes(1));
    assertThat(fixture.schedules.trigger("report")).isNull();
    assertThat(fixture.schedules.describe("report").lastSkipReason())
        .isEqualTo("overlap_policy_skip");
  }

  @Test
  void returnsNullWhenTheTriggerIsBuffered() {
    create(OverlapPolicy.BUFFER_ONE);
    fixture.schedules.trigger("report");
    fixture.clock.advance(java.time.Duration.ofMinutes(1));
    assertThat(fixture.schedules.trigger("report")).isNull();
    assertThat(fixture.schedules.describe("report").buffered()).hasSize(1);
  }

  @Test
  void aPausedScheduleRecordsTheTriggerAsSkipped() {
    create(OverlapPolicy.ALLOW_ALL);
    fixture.schedules.pause("report", "maintenance");
    assertThat(fixture.schedules.trigger("report")).isNull();
    assertThat(fixture.schedules.describe("report").lastSkipReason())
        .isEqualTo("status_not_triggerable");
    assertThat(fixture.instances("job")).isEmpty();
  }

  @Test
  void twoTriggersInTheSameInstantUnderAllowAllStartTwoRuns() {
    create(OverlapPolicy.ALLOW_ALL);
    String first = fixture.schedules.trigger("report");
    String second = fixture.schedules.trigger("report");
    assertThat(first).isEqualTo("schedule:report:manual:1");
    assertThat(second).isEqualTo("schedule:report:manual:2");
    assertThat(fixture.instances("job")).containsExactlyInAnyOrder(first, second);
    assertThat(fixture.history(second).get(0).payload()).containsEntry("trigger_number", 2L);
    ScheduleDescription described = fixture.schedules.describe("report");
    assertThat(described.firesCount()).isEqualTo(2);
    assertThat(described.latestInstanceId()).isEqualTo(second);
  }

  @Test
  void aTriggerThatLosesTheRowToAnotherWriteStartsOneRun() {
    create(OverlapPolicy.ALLOW_ALL);
    Schedules racing =
        on(
            new ForwardingScheduleStore(fixture.store) {
              private boolean first = true;

              @Override
              public boolean commit(ScheduleCommit commit) {
                if (first) {
                  first = false;
                  fixture.schedules.update(
                      "report", ScheduleUpdate.builder().notes("raced").build());
                }
                return delegate.commit(commit);
              }
            });
    String id = racing.trigger("report");
    assertThat(fixture.instances("job")).containsExactly(id);
    assertThat(fixture.schedules.describe("report").firesCount()).isEqualTo(1);
  }

  @Test
  void aTriggerWhoseCallerDiedAfterRecordingItIsStartedOnceByTheNextTick() {
    create(OverlapPolicy.ALLOW_ALL);
    Schedules dying =
        on(
            new ForwardingScheduleStore(fixture.store) {
              @Override
              public boolean commit(ScheduleCommit commit) {
                delegate.commit(commit);
                throw new IllegalStateException("the caller died");
              }
            });
    try {
      dying.trigger("report");
    } catch (IllegalStateException died) {
      // what it wrote stays
    }
    fixture.tickAt("2026-03-01T12:00:01Z");
    fixture.tickAt("2026-03-01T12:01:00Z");
    assertThat(fixture.instances("job")).containsExactly("schedule:report:manual:1");
    assertThat(fixture.schedules.describe("report").firesCount()).isEqualTo(1);
  }

  private Schedules on(ScheduleStore store) {
    return Schedules.builder(fixture.engine).store(store).build();
  }
}
