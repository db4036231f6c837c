package dev.clockwork.core.time;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.time.DstPolicy.Gap;
import dev.clockwork.core.time.DstPolicy.Overlap;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Cron fires around DST changes, case by case; {@link CronDstOracleTest} checks whole years. */
class CronDstTest {
  private static final ZoneId NEW_YORK = ZoneId.of("America/New_York");

  private static Instant at(String local, String offset) {
    return LocalDateTime.parse(local).toInstant(ZoneOffset.of(offset));
  }

  private static List<Instant> fires(CronSchedule schedule, Instant from, Instant until) {
    List<Instant> fires = new ArrayList<>();
    Instant t = from;
    while (true) {
      Instant next = schedule.next(t).orElseThrow();
      if (!next.isBefore(until)) {
        return fires;
      }
      fires.add(next);
      t = next;
    }
  }

  private static CronSchedule cron(String expression, ZoneId zone, Gap gap, Overlap overlap) {
    return CronSchedule.parse(expression, zone, DstPolicy.of(gap, overlap));
  }

  @Test
  void quarterHoursInsideTheSpringForwardGapFireOnceAtTheEndOfTheGap() {
    CronSchedule schedule = CronSchedule.parse("*/15 2 * * *", NEW_YORK);

    assertThat(fires(schedule, at("2026-03-07T12:00", "-05:00"), at("2026-03-09T02:10", "-04:00")))
        .containsExactly(at("2026-03-08T03:00", "-04:00"), at("2026-03-09T02:00", "-04:00"));
    assertThat(
            schedule.nextDue(
                at("2026-03-07T12:00", "-05:00"),
                at("2026-03-08T03:00", "-04:00"),
                at("2026-03-08T03:00", "-04:00"),
                1))
        .contains(at("2026-03-09T02:00", "-04:00"));
  }

  @Test
  void skippingGapsLeavesOutTheSpringForwardNight() {
    CronSchedule schedule = cron("*/15 2 * * *", NEW_YORK, Gap.SKIP, Overlap.FIRST);

    assertThat(schedule.next(at("2026-03-07T12:00", "-05:00")))
        .contains(at("2026-03-09T02:00", "-04:00"));
  }

  @Test
  void aShiftedTimeThatLandsOnTheNextLocalMatchFiresOnce() {
    CronSchedule schedule = CronSchedule.parse("0,30 2-3 * * *", NEW_YORK);

    assertThat(fires(schedule, at("2026-03-08T00:00", "-05:00"), at("2026-03-08T12:00", "-04:00")))
        .containsExactly(at("2026-03-08T03:00", "-04:00"), at("2026-03-08T03:30", "-04:00"));
  }

  @Test
  void theFallBackOverlapFiresOnceAtTheFirstOrTheLastOffset() {
    Instant before = at("2026-10-31T12:00", "-04:00");
    Instant after = at("2026-11-01T12:00", "-05:00");

    assertThat(fires(cron("30 1 * * *", NEW_YORK, Gap.SHIFT_FORWARD, Overlap.FIRST), before, after))
        .containsExactly(at("2026-11-01T01:30", "-04:00"));
    assertThat(fires(cron("30 1 * * *", NEW_YORK, Gap.SHIFT_FORWARD, Overlap.LAST), before, after))
        .containsExactly(at("2026-11-01T01:30", "-05:00"));
  }

  @Test
  void bothOffsetsInterleaveInInstantOrder() {
    CronSchedule schedule = cron("*/20 1 * * *", NEW_YORK, Gap.SHIFT_FORWARD, Overlap.BOTH);

    assertThat(fires(schedule, at("2026-11-01T00:00", "-04:00"), at("2026-11-01T12:00", "-05:00")))
        .containsExactly(
            at("2026-11-01T01:00", "-04:00"),
            at("2026-11-01T01:20", "-04:00"),
            at("2026-11-01T01:40", "-04:00"),
            at("2026-11-01T01:00", "-05:00"),
            at("2026-11-01T01:20", "-05:00"),
            at("2026-11-01T01:40", "-05:00"));
  }

  @Test
  void fromTheFirstPassOfTheOverlapAnEarlierWallClockTimeIsStillToCome() {
    // After 01:10 EDT, 01:00 happens again at EST.
    Instant firstPass = at("2026-11-01T01:10", "-04:00");

    assertThat(cron("0 1 * * *", NEW_YORK, Gap.SKIP, Overlap.BOTH).next(firstPass))
        .contains(at("2026-11-01T01:00", "-05:00"));
    assertThat(cron("0 1 * * *", NEW_YORK, Gap.SKIP, Overlap.LAST).next(firstPass))
        .contains(at("2026-11-01T01:00", "-05:00"));
    assertThat(cron("0 1 * * *", NEW_YORK, Gap.SKIP, Overlap.FIRST).next(firstPass))
        .contains(at("2026-11-02T01:00", "-05:00"));
  }

  @Test
  void hourlyAcrossTheOverlapFiresAtEveryDistinctInstantOnlyWithBoth() {
    Instant from = at("2026-11-01T00:30", "-04:00");
    Instant until = at("2026-11-01T03:30", "-05:00");

    assertThat(fires(cron("0 * * * *", NEW_YORK, Gap.SKIP, Overlap.FIRST), from, until))
        .containsExactly(
            at("2026-11-01T01:00", "-04:00"),
            at("2026-11-01T02:00", "-05:00"),
            at("2026-11-01T03:00", "-05:00"));
    assertThat(fires(cron("0 * * * *", NEW_YORK, Gap.SKIP, Overlap.BOTH), from, until))
        .containsExactly(
            at("2026-11-01T01:00", "-04:00"),
            at("2026-11-01T01:00", "-05:00"),
            at("2026-11-01T02:00", "-05:00"),
            at("2026-11-01T03:00", "-05:00"));
  }

  @Test
  void aHalfHourShiftMovesAGapTimeToTheEndOfTheGap() {
    ZoneId lordHowe = ZoneId.of("Australia/Lord_Howe");
    CronSchedule schedule = CronSchedule.parse("15 2 * * *", lordHowe);

    assertThat(schedule.next(at("2026-10-03T12:00", "+10:30")))
        .contains(at("2026-10-04T02:30", "+11:00"));
  }

  @Test
  void aMidnightGapMovesMidnightToOneOClock() {
    // Santiago springs forward from 00:00 to 01:00 on the first Sunday of September.
    ZoneId santiago = ZoneId.of("America/Santiago");
    CronSchedule schedule = CronSchedule.parse("0 0 0 * * *", santiago);

    assertThat(schedule.next(at("2026-09-05T12:00", "-04:00")))
        .contains(at("2026-09-06T01:00", "-03:00"));
  }
}
