package dev.clockwork.core.time;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A zoned cycle keeps its wall-clock time across DST changes. */
class CycleDstTest {
  private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");
  // 10:00 at Berlin's own January offset: the seed's +02:00 text is 09:00 Berlin time (see
  // OffsetAndZoneTest).
  private static final String BERLIN_DAILY = "R/2022-01-01T10:00:00+01:00[Europe/Berlin]/P1D";

  @Test
  void firesAtTenBerlinTimeEveryDayOfTheYearAcrossBothDstChanges() {
    TimeSpec spec = TimeSpecs.cycle(BERLIN_DAILY, ZoneId.of("UTC"));

    List<Instant> fires = CycleTest.fireOnTime(spec, Instant.parse("2021-12-31T00:00:00Z"), 365);

    assertThat(fires).hasSize(365);
    for (int day = 0; day < 365; day++) {
      LocalDateTime local = LocalDateTime.ofInstant(fires.get(day), BERLIN);
      assertThat(local).isEqualTo(LocalDate.of(2022, 1, 1).plusDays(day).atTime(10, 0));
    }
  }

  @Test
  void aroundTheMarchChangeTheDayBetweenFiresIsTwentyThreeHours() {
    TimeSpec spec = TimeSpecs.cycle(BERLIN_DAILY, BERLIN);
    Instant saturday = Instant.parse("2022-03-26T09:00:00Z"); // 10:00 CET

    Instant sunday = spec.nextDue(saturday, saturday, saturday, 1).orElseThrow();

    assertThat(sunday).isEqualTo(Instant.parse("2022-03-27T08:00:00Z")); // 10:00 CEST
  }

  @Test
  void aroundTheOctoberChangeTheDayBetweenFiresIsTwentyFiveHours() {
    TimeSpec spec = TimeSpecs.cycle(BERLIN_DAILY, BERLIN);
    Instant saturday = Instant.parse("2022-10-29T08:00:00Z"); // 10:00 CEST

    Instant sunday = spec.nextDue(saturday, saturday, saturday, 1).orElseThrow();

    assertThat(sunday).isEqualTo(Instant.parse("2022-10-30T09:00:00Z")); // 10:00 CET
  }

  @Test
  void enteredInSummerTheFirstFireIsTheNextTenOClockBerlinTime() {
    TimeSpec spec = TimeSpecs.cycle(BERLIN_DAILY, BERLIN);

    assertThat(spec.firstDue(Instant.parse("2022-07-14T12:00:00Z")))
        .contains(Instant.parse("2022-07-15T08:00:00Z"));
  }

  @Test
  void aStartTimeInsideTheGapFiresAtTheEndOfTheGapThatDayAndAtTheWallClockOtherwise() {
    TimeSpec spec = TimeSpecs.cycle("R3/2022-03-26T02:30:00+01:00[Europe/Berlin]/P1D", BERLIN);

    assertThat(CycleTest.fireOnTime(spec, Instant.parse("2022-03-01T00:00:00Z"), 10))
        .extracting(due -> LocalDateTime.ofInstant(due, BERLIN).toLocalTime())
        .containsExactly(LocalTime.of(2, 30), LocalTime.of(3, 0), LocalTime.of(2, 30));
  }
}
