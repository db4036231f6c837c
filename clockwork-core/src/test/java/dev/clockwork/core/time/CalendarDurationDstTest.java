package dev.clockwork.core.time;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/** Calendar units of ISO durations move wall-clock time; DST gaps and overlaps use the default. */
class CalendarDurationDstTest {
  private static final ZoneId NEW_YORK = ZoneId.of("America/New_York");

  private static Instant at(String local, String offset) {
    return LocalDateTime.parse(local).toInstant(ZoneOffset.of(offset));
  }

  @Test
  void aDayFromJustBeforeTheGapTimeLandsOnTheFirstInstantAfterTheGap() {
    // 2026-03-08 02:00-03:00 does not exist in New York; 02:30 the day before + P1D -> 03:00 EDT.
    Instant entered = at("2026-03-07T02:30", "-05:00");

    assertThat(TimeSpecs.duration("P1D", NEW_YORK).firstDue(entered))
        .contains(at("2026-03-08T03:00", "-04:00"));
  }

  @Test
  void aDayKeepsTheWallClockAcrossSpringForwardSoItLastsTwentyThreeHours() {
    Instant entered = at("2026-03-07T09:00", "-05:00");

    assertThat(TimeSpecs.duration("P1D", NEW_YORK).firstDue(entered))
        .contains(at("2026-03-08T09:00", "-04:00"))
        .contains(entered.plusSeconds(23 * 3600));
  }

  @Test
  void hoursAreElapsedTimeSoPt24hIsNotP1dAcrossDst() {
    Instant entered = at("2026-03-07T09:00", "-05:00");

    assertThat(TimeSpecs.duration("PT24H", NEW_YORK).firstDue(entered))
        .contains(at("2026-03-08T10:00", "-04:00"));
  }

  @Test
  void aDayIntoTheFallBackOverlapTakesTheEarlierOffset() {
    // 2026-11-01 01:00-02:00 happens twice in New York; P1D from 01:30 the day before -> 01:30 EDT.
    Instant entered = at("2026-10-31T01:30", "-04:00");

    assertThat(TimeSpecs.duration("P1D", NEW_YORK).firstDue(entered))
        .contains(at("2026-11-01T01:30", "-04:00"));
  }

  @Test
  void aDayFromTheSecondPassOfTheOverlapKeepsTheWallClock() {
    Instant entered = at("2026-11-01T01:30", "-05:00");

    assertThat(TimeSpecs.duration("P1D", NEW_YORK).firstDue(entered))
        .contains(at("2026-11-02T01:30", "-05:00"));
  }

  @Test
  void aTimeOnlyDurationFromTheFirstPassOfTheOverlapIsPureElapsedTime() {
    Instant entered = at("2026-11-01T01:30", "-04:00");

    assertThat(TimeSpecs.duration("PT1H", NEW_YORK).firstDue(entered))
        .contains(at("2026-11-01T01:30", "-05:00"));
  }

  @Test
  void theTimePartIsAddedAfterTheCalendarPartIsResolved() {
    // P1D lands in the gap (02:30 -> 03:00 EDT), then 30 minutes of elapsed time.
    Instant entered = at("2026-03-07T02:30", "-05:00");

    assertThat(TimeSpecs.duration("P1DT30M", NEW_YORK).firstDue(entered))
        .contains(at("2026-03-08T03:30", "-04:00"));
  }
}
