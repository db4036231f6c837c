package dev.clockwork.schedule;

import static dev.clockwork.schedule.ScheduleFixture.t;
import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The seed's {@code mixed-schedule}: noon in Chicago and every 6 hours; the earliest wins. */
class MixedSpecTest {
  static final MachineDefinition REPORT =
      Machine.define("report-workflow").initial("reported").finalState("reported").build();

  static final Map<String, Object> SPEC =
      Map.of(
          "cron_expressions", List.of("0 12 * * *"),
          "intervals", List.of(Map.of("every", "PT6H")),
          "timezone", "America/Chicago");
  static final Map<String, Object> ACTION =
      Map.of("workflow_type", "report-workflow", "input", Map.of());

  @Test
  void inWinterNoonCoincidesWithTheIntervalAndFiresOnce() {
    ScheduleFixture fixture = ScheduleFixture.at("2026-03-01T00:30:00Z", REPORT);
    ScheduleDescription created = fixture.schedules.createFromSpec("mixed-schedule", SPEC, ACTION);
    // noon CST is 18:00Z, which is also on the 6-hour grid
    assertThat(created.upcomingFireTimes())
        .containsExactly(
            t("2026-03-01T06:00:00Z"),
            t("2026-03-01T12:00:00Z"),
            t("2026-03-01T18:00:00Z"),
            t("2026-03-02T00:00:00Z"),
            t("2026-03-02T06:00:00Z"));
  }

  @Test
  void inSummerNoonComesBetweenTheIntervalFires() {
    ScheduleFixture fixture = ScheduleFixture.at("2026-07-01T00:30:00Z", REPORT);
    ScheduleDescription created = fixture.schedules.createFromSpec("mixed-schedule", SPEC, ACTION);
    // noon CDT is 17:00Z
    assertThat(created.upcomingFireTimes())
        .containsExactly(
            t("2026-07-01T06:00:00Z"),
            t("2026-07-01T12:00:00Z"),
            t("2026-07-01T17:00:00Z"),
            t("2026-07-01T18:00:00Z"),
            t("2026-07-02T00:00:00Z"));
    assertThat(created.spec()).isEqualTo(SPEC);
    List<String> fired = new java.util.ArrayList<>();
    for (String at : List.of("06:00", "12:00", "17:00", "18:00")) {
      fixture.tickAt("2026-07-01T" + at + ":00Z").forEach(r -> fired.add(r.instanceId()));
    }
    assertThat(fired)
        .containsExactly(
            "schedule:mixed-schedule:2026-07-01T06:00:00Z",
            "schedule:mixed-schedule:2026-07-01T12:00:00Z",
            "schedule:mixed-schedule:2026-07-01T17:00:00Z",
            "schedule:mixed-schedule:2026-07-01T18:00:00Z");
    assertThat(fixture.history(fired.get(2)).get(0).payload())
        .containsEntry("cron_expression", "0 12 * * *")
        .containsEntry("timezone", "America/Chicago");
  }
}
