package dev.clockwork.schedule;

import static dev.clockwork.schedule.ScheduleFixture.t;
import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.schedule.outcome.TickResult;
import dev.clockwork.schedule.outcome.TriggerOutcome;
import dev.clockwork.schedule.store.ScheduleStatus;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Cycles as a BPMN timer start event writes them: {@code R<n>/<start>/<duration>} fires n times
 * from the start, {@code R/...} without end, and {@code R<n>/<duration>} counts from the schedule's
 * creation; calendar units follow the schedule's zone.
 */
class CycleScheduleTest {
  ScheduleFixture fixture = ScheduleFixture.at("2026-04-27T10:00:00Z");

  ScheduleDescription create(String id, String cycle) {
    return fixture.schedules.create(
        ScheduleRequest.builder(id).startMachine("pulse", Map.of()).cycle(cycle).build());
  }

  @Test
  void aBoundedCycleWithAStartFiresAtTheStartAndThenEachDurationNTimesInAll() {
    create("daily-three", "R3/2026-04-27T17:20:00Z/P1D");
    assertThat(fixture.schedules.describe("daily-three", 10).upcomingFireTimes())
        .containsExactly(
            t("2026-04-27T17:20:00Z"), t("2026-04-28T17:20:00Z"), t("2026-04-29T17:20:00Z"));

    assertThat(fixture.tickAt("2026-04-27T17:20:00Z").get(0).nextFireAt())
        .isEqualTo(t("2026-04-28T17:20:00Z"));
    fixture.tickAt("2026-04-28T17:20:00Z");
    TickResult last = fixture.tickAt("2026-04-29T17:20:00Z").get(0);
    assertThat(last.outcome()).isEqualTo(TriggerOutcome.STARTED);
    assertThat(last.nextFireAt()).isNull();

    ScheduleDescription after = fixture.schedules.describe("daily-three");
    assertThat(after.status()).isEqualTo(ScheduleStatus.DELETED);
    assertThat(after.record().deleteReason()).isEqualTo("spec_exhausted");
    assertThat(after.upcomingFireTimes()).isEmpty();
    assertThat(fixture.tickAt("2026-04-30T17:20:00Z")).isEmpty();
    assertThat(fixture.instances("pulse")).hasSize(3);
  }

  @Test
  void anUnboundedCycleKeepsFiring() {
    ScheduleDescription created = create("daily", "R/2026-04-27T17:20:00Z/P1D");
    assertThat(created.upcomingFireTimes())
        .containsExactly(
            t("2026-04-27T17:20:00Z"),
            t("2026-04-28T17:20:00Z"),
            t("2026-04-29T17:20:00Z"),
            t("2026-04-30T17:20:00Z"),
            t("2026-05-01T17:20:00Z"));
    assertThat(created.spec())
        .isEqualTo(Map.of("cycles", List.of("R/2026-04-27T17:20:00Z/P1D"), "timezone", "UTC"));
  }

  @Test
  void aCycleWithoutAStartFiresOneDurationAfterCreationNTimes() {
    ScheduleDescription created = create("pings", "R5/PT10S");
    assertThat(created.spec())
        .isEqualTo(
            Map.of(
                "cycles", List.of("R5/PT10S"),
                "cycle_anchor", "2026-04-27T10:00:00Z",
                "timezone", "UTC"));
    assertThat(fixture.schedules.describe("pings", 10).upcomingFireTimes())
        .containsExactly(
            t("2026-04-27T10:00:10Z"),
            t("2026-04-27T10:00:20Z"),
            t("2026-04-27T10:00:30Z"),
            t("2026-04-27T10:00:40Z"),
            t("2026-04-27T10:00:50Z"));
    for (int second = 10; second <= 50; second += 10) {
      assertThat(fixture.tickAt("2026-04-27T10:00:" + second + "Z"))
          .singleElement()
          .satisfies(r -> assertThat(r.outcome()).isEqualTo(TriggerOutcome.STARTED));
    }
    assertThat(fixture.schedules.describe("pings").record().deleteReason())
        .isEqualTo("spec_exhausted");
  }

  @Test
  void anUnboundedCycleWithoutAStartRunsFromCreation() {
    fixture.clock.moveTo(t("2026-04-27T10:17:00Z"));
    assertThat(create("hourly", "R/PT1H").upcomingFireTimes())
        .startsWith(t("2026-04-27T11:17:00Z"), t("2026-04-27T12:17:00Z"));
  }

  @Test
  void calendarDaysFollowTheSchedulesZoneWhenTheStartHasOnlyAnOffset() {
    ScheduleFixture beforeDst = ScheduleFixture.at("2026-03-06T00:00:00Z");
    // New York springs forward on 2026-03-08: a calendar day keeps 09:00 local, PT24H does not
    ScheduleDescription local =
        beforeDst.schedules.create(
            ScheduleRequest.builder("ny-days")
                .startMachine("pulse", Map.of())
                .cycle("R3/2026-03-07T09:00:00-05:00/P1D")
                .timezone("America/New_York")
                .build());
    assertThat(local.upcomingFireTimes())
        .containsExactly(
            t("2026-03-07T14:00:00Z"), t("2026-03-08T13:00:00Z"), t("2026-03-09T13:00:00Z"));
    ScheduleDescription exact =
        beforeDst.schedules.create(
            ScheduleRequest.builder("ny-hours")
                .startMachine("pulse", Map.of())
                .cycle("R3/2026-03-07T09:00:00-05:00/PT24H")
                .timezone("America/New_York")
                .build());
    assertThat(exact.upcomingFireTimes())
        .containsExactly(
            t("2026-03-07T14:00:00Z"), t("2026-03-08T14:00:00Z"), t("2026-03-09T14:00:00Z"));
    ScheduleDescription utc =
        beforeDst.schedules.create(
            ScheduleRequest.builder("utc-days")
                .startMachine("pulse", Map.of())
                .cycle("R3/2026-03-07T09:00:00-05:00/P1D")
                .build());
    assertThat(utc.upcomingFireTimes())
        .containsExactly(
            t("2026-03-07T14:00:00Z"), t("2026-03-08T14:00:00Z"), t("2026-03-09T14:00:00Z"));
  }

  @Test
  void aZoneIdOnTheStartWinsOverTheSchedulesZone() {
    ScheduleFixture beforeDst = ScheduleFixture.at("2026-03-06T00:00:00Z");
    // Berlin springs forward on 2026-03-29; the schedule's zone (New York) does not matter
    ScheduleDescription berlin =
        beforeDst.schedules.create(
            ScheduleRequest.builder("berlin-days")
                .startMachine("pulse", Map.of())
                .cycle("R3/2026-03-28T15:00:00+01:00[Europe/Berlin]/P1D")
                .timezone("America/New_York")
                .build());
    assertThat(berlin.upcomingFireTimes())
        .containsExactly(
            t("2026-03-28T14:00:00Z"), t("2026-03-29T13:00:00Z"), t("2026-03-30T13:00:00Z"));
  }

  @Test
  void aCycleWithoutAStartCountsCalendarUnitsInTheSchedulesZone() {
    ScheduleFixture beforeDst = ScheduleFixture.at("2026-03-07T14:00:00Z"); // 09:00 in New York
    ScheduleDescription created =
        beforeDst.schedules.create(
            ScheduleRequest.builder("ny-daily")
                .startMachine("pulse", Map.of())
                .cycle("R2/P1D")
                .timezone("America/New_York")
                .build());
    assertThat(created.upcomingFireTimes())
        .containsExactly(t("2026-03-08T13:00:00Z"), t("2026-03-09T13:00:00Z"));
  }

  @Test
  void datesAndCyclesMixWithCronAndTheEarliestWins() {
    ScheduleDescription created =
        fixture.schedules.create(
            ScheduleRequest.builder("mixed")
                .startMachine("pulse", Map.of())
                .cron("0 * * * *")
                .date("2026-04-27T10:30:00Z")
                .cycle("R2/2026-04-27T11:15:00Z/PT1H")
                .build());
    assertThat(created.upcomingFireTimes())
        .containsExactly(
            t("2026-04-27T10:30:00Z"),
            t("2026-04-27T11:00:00Z"),
            t("2026-04-27T11:15:00Z"),
            t("2026-04-27T12:00:00Z"),
            t("2026-04-27T12:15:00Z"));
    fixture.tickAt("2026-04-27T10:30:00Z");
    fixture.tickAt("2026-04-27T12:15:00Z");
    ScheduleDescription later = fixture.schedules.describe("mixed");
    assertThat(later.status()).isEqualTo(ScheduleStatus.ACTIVE);
    assertThat(later.nextFireAt()).isEqualTo(t("2026-04-27T13:00:00Z"));
  }
}
