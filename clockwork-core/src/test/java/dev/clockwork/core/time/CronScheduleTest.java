package dev.clockwork.core.time;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class CronScheduleTest {
  private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");
  private static final ZoneId UTC = ZoneOffset.UTC;

  /** Local date-times of the fires strictly after {@code from}, until {@code until}. */
  private static List<LocalDateTime> fires(String cron, ZoneId zone, String from, String until) {
    CronSchedule schedule = CronSchedule.parse(cron, zone);
    Instant end = LocalDateTime.parse(until).atZone(zone).toInstant();
    List<LocalDateTime> fires = new ArrayList<>();
    Instant t = LocalDateTime.parse(from).atZone(zone).toInstant();
    while (true) {
      Instant next = schedule.next(t).orElseThrow();
      if (!next.isBefore(end)) {
        return fires;
      }
      fires.add(LocalDateTime.ofInstant(next, zone));
      t = next;
    }
  }

  @Test
  void officeHoursFireOnTheHourNineToFiveOnWeekdaysOnly() {
    // Monday 2026-05-04 .. Sunday 2026-05-10 in Berlin.
    List<LocalDateTime> fires =
        fires("0 0 9-17 * * MON-FRI", BERLIN, "2026-05-03T23:59:59", "2026-05-11T00:00");

    assertThat(fires).hasSize(5 * 9);
    assertThat(fires)
        .allSatisfy(
            t -> {
              assertThat(t.getDayOfWeek()).isNotIn(DayOfWeek.SATURDAY, DayOfWeek.SUNDAY);
              assertThat(t.getHour()).isBetween(9, 17);
              assertThat(t.getMinute()).isZero();
              assertThat(t.getSecond()).isZero();
            });
    assertThat(fires.get(0)).isEqualTo(LocalDateTime.parse("2026-05-04T09:00"));
    assertThat(fires.get(44)).isEqualTo(LocalDateTime.parse("2026-05-08T17:00"));
  }

  @Test
  void afterFridayFiveTheNextFireIsMondayNine() {
    CronSchedule schedule = CronSchedule.parse("0 0 9-17 * * MON-FRI", BERLIN);
    Instant fridayFive =
        ZonedDateTime.parse("2026-05-08T17:00:00+02:00[Europe/Berlin]").toInstant();

    assertThat(schedule.next(fridayFive))
        .contains(ZonedDateTime.parse("2026-05-11T09:00:00+02:00[Europe/Berlin]").toInstant());
  }

  @Test
  void nextIsStrictlyAfterAndNeverEarly() {
    CronSchedule schedule = CronSchedule.parse("*/15 * * * *", UTC);
    Instant fire = Instant.parse("2026-05-04T10:15:00Z");

    assertThat(schedule.next(fire)).contains(Instant.parse("2026-05-04T10:30:00Z"));
    assertThat(schedule.next(fire.minusNanos(1))).contains(fire);
    assertThat(schedule.next(fire.plusNanos(1))).contains(Instant.parse("2026-05-04T10:30:00Z"));
  }

  @Test
  void asATimeSpecItFiresAfterEntryAndDoesNotCatchUp() {
    TimeSpec spec = TimeSpecs.cron("0 * * * *", UTC, DstPolicy.DEFAULT);
    Instant entered = Instant.parse("2026-05-04T10:00:00Z");

    assertThat(spec.firstDue(entered)).contains(Instant.parse("2026-05-04T11:00:00Z"));
    assertThat(
            spec.nextDue(
                entered,
                Instant.parse("2026-05-04T11:00:00Z"),
                Instant.parse("2026-05-04T14:20:00Z"),
                1))
        .contains(Instant.parse("2026-05-04T15:00:00Z"));
    assertThat(spec.maxFires()).isEqualTo(Integer.MAX_VALUE);
    assertThat(spec.repeating()).isTrue();
  }

  @Test
  void fiveFieldsAreUnixAndSixFieldsHaveSecondsFirst() {
    assertThat(CronSchedule.parse("0 9 * * MON-FRI", UTC).hasSeconds()).isFalse();
    assertThat(CronSchedule.parse("30 0 9 * * MON-FRI", UTC).hasSeconds()).isTrue();
    assertThat(fires("30 0 9 * * *", UTC, "2026-05-04T00:00", "2026-05-05T00:00"))
        .containsExactly(LocalDateTime.parse("2026-05-04T09:00:30"));
  }

  @ParameterizedTest
  @CsvSource({
    "0 0 * * 0",
    "0 0 * * 7",
    "0 0 * * SUN",
    "0 0 * * sun",
    "0 0 0 * * 0",
    "0 0 0 * * 7",
    "0 0 0 ? * SUN"
  })
  void zeroAndSevenAreSunday(String cron) {
    assertThat(fires(cron, UTC, "2026-05-01T00:00", "2026-05-15T00:00"))
        .containsExactly(
            LocalDateTime.parse("2026-05-03T00:00"), LocalDateTime.parse("2026-05-10T00:00"));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"0 0 * * FRI-SUN", "0 0 * * 5-7", "0 0 * * 5-0", "0 0 * * 6,0", "0 0 * * SAT,SUN"})
  void aRangeMayEndOnSunday(String cron) {
    assertThat(fires(cron, UTC, "2026-05-01T00:00", "2026-05-05T00:00"))
        .extracting(LocalDateTime::getDayOfWeek)
        .containsExactly(DayOfWeek.SATURDAY, DayOfWeek.SUNDAY);
  }

  @ParameterizedTest
  @ValueSource(strings = {"0 0 * * SUN-SUN", "0 0 * * 0-0", "0 0 * * 7-7"})
  void aRangeOfSundayAloneIsSunday(String cron) {
    assertThat(fires(cron, UTC, "2026-05-01T00:00", "2026-05-08T00:00"))
        .containsExactly(LocalDateTime.parse("2026-05-03T00:00"));
  }

  @Test
  void nearTheEndOfTimeThereIsNoNextFire() {
    assertThat(CronSchedule.parse("0 0 * * *", UTC).next(Instant.MAX)).isEmpty();
    assertThat(
            CronSchedule.parse("0 0 1 1 *", UTC).next(Instant.parse("+1000000000-06-01T00:00:00Z")))
        .isEmpty();
  }

  @Test
  void unixFiresOnEitherDayFieldWhenBothAreRestricted() {
    // 2026-11-13 is a Friday; the 13th of October is a Tuesday.
    assertThat(fires("0 0 13 * 5", UTC, "2026-10-01T00:00", "2026-10-20T00:00"))
        .containsExactly(
            LocalDateTime.parse("2026-10-02T00:00"),
            LocalDateTime.parse("2026-10-09T00:00"),
            LocalDateTime.parse("2026-10-13T00:00"),
            LocalDateTime.parse("2026-10-16T00:00"));
  }

  @Test
  void unixNeedsBothDayFieldsWhenOneStartsWithAStar() {
    // Odd days that are Mondays, as Vixie cron and cronie read it.
    assertThat(fires("0 0 */2 * 1", UTC, "2026-10-01T00:00", "2026-11-01T00:00"))
        .containsExactly(
            LocalDateTime.parse("2026-10-05T00:00"), LocalDateTime.parse("2026-10-19T00:00"));
  }

  @Test
  void sixFieldsNeedBothDayFields() {
    assertThat(fires("0 0 0 13 * FRI", UTC, "2026-01-01T00:00", "2027-01-01T00:00"))
        .containsExactly(
            LocalDateTime.parse("2026-02-13T00:00"),
            LocalDateTime.parse("2026-03-13T00:00"),
            LocalDateTime.parse("2026-11-13T00:00"));
  }

  @Test
  void questionMarkMeansAnyInSixFieldDayFields() {
    assertThat(fires("0 0 12 ? * MON", UTC, "2026-05-01T00:00", "2026-05-12T00:00"))
        .containsExactly(
            LocalDateTime.parse("2026-05-04T12:00"), LocalDateTime.parse("2026-05-11T12:00"));
    assertThat(fires("0 0 12 1 * ?", UTC, "2026-05-01T00:00", "2026-07-01T00:00"))
        .containsExactly(
            LocalDateTime.parse("2026-05-01T12:00"), LocalDateTime.parse("2026-06-01T12:00"));
  }

  @ParameterizedTest
  @CsvSource({
    "@hourly, 2026-05-04T11:00",
    "@daily, 2026-05-05T00:00",
    "@midnight, 2026-05-05T00:00",
    "@weekly, 2026-05-10T00:00",
    "@monthly, 2026-06-01T00:00",
    "@yearly, 2027-01-01T00:00",
    "@annually, 2027-01-01T00:00",
    "@DAILY, 2026-05-05T00:00",
  })
  void macros(String macro, String next) {
    assertThat(CronSchedule.parse(macro, UTC).next(Instant.parse("2026-05-04T10:30:00Z")))
        .contains(LocalDateTime.parse(next).toInstant(ZoneOffset.UTC));
  }

  @Test
  void stepsRangesListsAndNames() {
    assertThat(fires("5/20 9-10 * * *", UTC, "2026-05-04T00:00", "2026-05-05T00:00"))
        .extracting(LocalDateTime::toLocalTime)
        .extracting(Object::toString)
        .containsExactly("09:05", "09:25", "09:45", "10:05", "10:25", "10:45");
    assertThat(fires("0 0 1 jan,Jul *", UTC, "2026-01-01T00:00", "2028-01-01T00:00"))
        .containsExactly(
            LocalDateTime.parse("2026-07-01T00:00"),
            LocalDateTime.parse("2027-01-01T00:00"),
            LocalDateTime.parse("2027-07-01T00:00"));
    assertThat(fires("0 0 1-31/10 2 *", UTC, "2026-01-01T00:00", "2027-01-01T00:00"))
        .extracting(LocalDateTime::getDayOfMonth)
        .containsExactly(1, 11, 21);
  }

  @Test
  void leapDayOnlyFiresInLeapYears() {
    CronSchedule schedule = CronSchedule.parse("0 0 29 2 *", UTC);

    assertThat(schedule.next(Instant.parse("2025-01-01T00:00:00Z")))
        .contains(Instant.parse("2028-02-29T00:00:00Z"));
  }

  @Test
  void describesExpressionZoneAndAnyNonDefaultPolicy() {
    assertThat(CronSchedule.parse(" 0 0   9-17 * * MON-FRI ", BERLIN).describe())
        .isEqualTo("cron 0 0 9-17 * * MON-FRI (Europe/Berlin)");
    CronSchedule skipBoth =
        CronSchedule.parse(
            "30 2 * * *", BERLIN, DstPolicy.of(DstPolicy.Gap.SKIP, DstPolicy.Overlap.BOTH));
    assertThat(skipBoth.describe())
        .isEqualTo("cron 30 2 * * * (Europe/Berlin, gap SKIP, overlap BOTH)")
        .isEqualTo(skipBoth.toString());
    assertThat(skipBoth.expression()).isEqualTo("30 2 * * *");
    assertThat(skipBoth.zone()).isEqualTo(BERLIN);
    assertThat(skipBoth.dstPolicy().gap()).isEqualTo(DstPolicy.Gap.SKIP);
  }

  @Test
  void schedulesAreValues() {
    assertThat(CronSchedule.parse("0 9 * * *", BERLIN))
        .isEqualTo(CronSchedule.parse("0  9 * * *", BERLIN))
        .hasSameHashCodeAs(CronSchedule.parse("0 9 * * *", BERLIN))
        .isNotEqualTo(CronSchedule.parse("0 9 * * *", UTC))
        .isNotEqualTo(
            CronSchedule.parse(
                "0 9 * * *", BERLIN, DstPolicy.of(DstPolicy.Gap.SKIP, DstPolicy.Overlap.FIRST)));
  }

  @Test
  void matchesLocalDateTimes() {
    CronSchedule schedule = CronSchedule.parse("0 0 9-17 * * MON-FRI", BERLIN);

    assertThat(schedule.matches(LocalDateTime.parse("2026-05-04T09:00"))).isTrue();
    assertThat(schedule.matches(LocalDateTime.parse("2026-05-04T09:00:01"))).isFalse();
    assertThat(schedule.matches(LocalDateTime.parse("2026-05-09T09:00"))).isFalse();
  }

  @Test
  void aScheduleWhoseOnlyTimesAreSkippedInGapsNeverFires() {
    // The second Sunday of March, 02:xx, does not exist in New York since 2007.
    CronSchedule schedule =
        CronSchedule.parse(
            "0 * 2 8-14 3 SUN",
            ZoneId.of("America/New_York"),
            DstPolicy.of(DstPolicy.Gap.SKIP, DstPolicy.Overlap.FIRST));

    assertThat(schedule.next(Instant.parse("2026-01-01T00:00:00Z"))).isEmpty();
  }
}
