package dev.clockwork.runtime.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.runtime.schedule.definition.OverlapPolicy;
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
    assertThat(id).isEqualTo("schedule:report:2026-03-01T12:00:00Z");
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
  void twoTriggersInTheSameInstantStartOneInstance() {
    create(OverlapPolicy.ALLOW_ALL);
    String first = fixture.schedules.trigger("report");
    assertThat(fixture.schedules.trigger("report")).isEqualTo(first);
    assertThat(fixture.instances("job")).containsExactly(first);
    assertThat(fixture.schedules.describe("report").firesCount()).isEqualTo(1);
  }
}
