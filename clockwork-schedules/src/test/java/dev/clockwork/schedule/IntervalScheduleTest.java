package dev.clockwork.schedule;

import static dev.clockwork.schedule.ScheduleFixture.t;
import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.schedule.outcome.TickResult;
import dev.clockwork.schedule.outcome.TriggerOutcome;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The seed's interval examples: {@code health-check-30m} and {@code offset-hourly}. */
class IntervalScheduleTest {
  static final MachineDefinition HEALTH_CHECK =
      Machine.define("health-check").initial("checked").finalState("checked").build();
  static final MachineDefinition SYNC =
      Machine.define("sync-workflow").initial("synced").finalState("synced").build();

  @Test
  void healthCheckFiresEveryThirtyMinutesOnTheEpochGrid() {
    ScheduleFixture fixture = ScheduleFixture.at("2026-03-01T12:10:00Z", HEALTH_CHECK);
    ScheduleDescription created =
        fixture.schedules.createFromSpec(
            "health-check-30m",
            Map.of("intervals", List.of(Map.of("every", "PT30M"))),
            Map.of("workflow_type", "health-check", "input", Map.of("region", "us-east-1")));
    assertThat(created.upcomingFireTimes())
        .containsExactly(
            t("2026-03-01T12:30:00Z"),
            t("2026-03-01T13:00:00Z"),
            t("2026-03-01T13:30:00Z"),
            t("2026-03-01T14:00:00Z"),
            t("2026-03-01T14:30:00Z"));
    assertThat(created.spec())
        .isEqualTo(Map.of("intervals", List.of(Map.of("every", "PT30M")), "timezone", "UTC"));

    TickResult first = fixture.tickAt("2026-03-01T12:30:00Z").get(0);
    assertThat(first.instanceId()).isEqualTo("schedule:health-check-30m:2026-03-01T12:30:00Z");
    assertThat(fixture.instance(first.instanceId()).context()).containsEntry("region", "us-east-1");
    assertThat(first.nextFireAt()).isEqualTo(t("2026-03-01T13:00:00Z"));
    TickResult second = fixture.tickAt("2026-03-01T13:00:00Z").get(0);
    assertThat(second.outcome()).isEqualTo(TriggerOutcome.STARTED);
    assertThat(fixture.history(second.instanceId()).get(0).payload())
        .containsEntry("cron_expression", null)
        .containsEntry("timezone", "UTC");
  }

  @Test
  void offsetHourlyFiresAtFivePastEveryHour() {
    ScheduleFixture fixture = ScheduleFixture.at("2026-03-01T12:10:00Z", SYNC);
    ScheduleDescription created =
        fixture.schedules.createFromSpec(
            "offset-hourly",
            Map.of("intervals", List.of(Map.of("every", "PT1H", "offset", "PT5M"))),
            Map.of("workflow_type", "sync-workflow", "input", Map.of()));
    assertThat(created.upcomingFireTimes())
        .containsExactly(
            t("2026-03-01T13:05:00Z"),
            t("2026-03-01T14:05:00Z"),
            t("2026-03-01T15:05:00Z"),
            t("2026-03-01T16:05:00Z"),
            t("2026-03-01T17:05:00Z"));
    assertThat(fixture.tickAt("2026-03-01T13:04:59Z")).isEmpty();
    assertThat(fixture.tickAt("2026-03-01T13:05:00Z"))
        .singleElement()
        .satisfies(r -> assertThat(r.occurrenceTime()).isEqualTo(t("2026-03-01T13:05:00Z")));
  }

  @Test
  void intervalsIgnoreTheTimezoneAndDaylightSavingTime() {
    ScheduleFixture fixture = ScheduleFixture.at("2026-03-08T05:10:00Z", SYNC);
    ScheduleDescription created =
        fixture.schedules.create(
            ScheduleRequest.builder("ny-hourly")
                .startMachine("sync-workflow", Map.of())
                .interval("PT1H", "PT5M")
                .timezone("America/New_York")
                .build());
    // New York springs forward at 07:00Z; the interval does not care
    assertThat(created.upcomingFireTimes())
        .containsExactly(
            t("2026-03-08T06:05:00Z"),
            t("2026-03-08T07:05:00Z"),
            t("2026-03-08T08:05:00Z"),
            t("2026-03-08T09:05:00Z"),
            t("2026-03-08T10:05:00Z"));
  }

  @Test
  void aDayLongIntervalIsAlignedOnTheEpochInUtc() {
    ScheduleFixture fixture = ScheduleFixture.at("2026-03-01T12:10:00Z", SYNC);
    ScheduleDescription created =
        fixture.schedules.create(
            ScheduleRequest.builder("daily")
                .startMachine("sync-workflow", Map.of())
                .interval("P1D", "PT3H")
                .build());
    assertThat(created.nextFireAt()).isEqualTo(t("2026-03-02T03:00:00Z"));
  }
}
