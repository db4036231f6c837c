package dev.clockwork.core.time;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Cycle timers: how many fires, when, and what happens when the state is entered late. */
class CycleTest {
  private static final ZoneId UTC = ZoneOffset.UTC;
  private static final Instant ENTERED = Instant.parse("2026-05-04T08:00:00Z");

  /** Plays the interpreter: fires every due instant on time until the spec says no more. */
  static List<Instant> fireOnTime(TimeSpec spec, Instant entered, int limit) {
    List<Instant> fires = new ArrayList<>();
    Optional<Instant> due = spec.firstDue(entered);
    while (due.isPresent() && fires.size() < limit) {
      fires.add(due.get());
      due = spec.nextDue(entered, due.get(), due.get(), fires.size());
    }
    return fires;
  }

  @Test
  void fiveTimesEveryTenSecondsFromEntryThenNoMore() {
    TimeSpec spec = TimeSpecs.cycle("R5/PT10S", UTC);

    assertThat(fireOnTime(spec, ENTERED, 100))
        .containsExactly(
            ENTERED.plusSeconds(10),
            ENTERED.plusSeconds(20),
            ENTERED.plusSeconds(30),
            ENTERED.plusSeconds(40),
            ENTERED.plusSeconds(50));
    assertThat(spec.maxFires()).isEqualTo(5);
    assertThat(spec.repeating()).isTrue();
    assertThat(spec.describe()).isEqualTo("R5/PT10S");
  }

  @Test
  void unboundedDailyCycleKeepsGoing() {
    TimeSpec spec = TimeSpecs.cycle("R/P1D", UTC);

    List<Instant> fires = fireOnTime(spec, ENTERED, 400);
    assertThat(fires).hasSize(400);
    assertThat(fires.get(0)).isEqualTo(Instant.parse("2026-05-05T08:00:00Z"));
    assertThat(fires.get(399)).isEqualTo(ENTERED.plusSeconds(400L * 86_400));
    assertThat(spec.maxFires()).isEqualTo(Integer.MAX_VALUE);
    assertThat(spec.describe()).isEqualTo("R/P1D (Z)");
  }

  @Test
  void aCycleWithoutStartDoesNotCatchUp() {
    TimeSpec spec = TimeSpecs.cycle("R5/PT10S", UTC);
    Instant due = ENTERED.plusSeconds(10);
    Instant processed = due.plusSeconds(95);

    assertThat(spec.nextDue(ENTERED, due, processed, 1)).contains(processed.plusSeconds(10));
  }

  @Test
  void afterTheLastOfItsFiresThenIsDueOneIntervalLater() {
    TimeSpec spec = TimeSpecs.cycle("R3/PT1H", UTC);
    Instant third = ENTERED.plusSeconds(3 * 3600);

    assertThat(spec.nextDue(ENTERED, third, third, 3)).isEmpty();
    assertThat(spec.thenDue(ENTERED, third, third, 3)).contains(ENTERED.plusSeconds(4 * 3600));
  }

  @Test
  void aStartFiresAtTheStartThenEveryDayThreeTimes() {
    TimeSpec spec = TimeSpecs.cycle("R3/2022-04-27T17:20:00Z/P1D", UTC);

    assertThat(fireOnTime(spec, Instant.parse("2022-04-01T00:00:00Z"), 100))
        .containsExactly(
            Instant.parse("2022-04-27T17:20:00Z"),
            Instant.parse("2022-04-28T17:20:00Z"),
            Instant.parse("2022-04-29T17:20:00Z"));
    assertThat(spec.describe()).isEqualTo("R3/2022-04-27T17:20:00Z/P1D");
  }

  @Test
  void enteredExactlyAtTheStartFiresAtOnce() {
    TimeSpec spec = TimeSpecs.cycle("R3/2022-04-27T17:20:00Z/P1D", UTC);

    assertThat(spec.firstDue(Instant.parse("2022-04-27T17:20:00Z")))
        .contains(Instant.parse("2022-04-27T17:20:00Z"));
  }

  @Test
  void enteredAfterTheStartWaitsForTheNextOccurrenceWithoutReplayingMissedOnes() {
    TimeSpec spec = TimeSpecs.cycle("R3/2022-04-27T17:20:00Z/P1D", UTC);

    // n counts the fires of this entry, so three fires still follow.
    assertThat(fireOnTime(spec, Instant.parse("2022-04-28T17:20:00.000000001Z"), 100))
        .containsExactly(
            Instant.parse("2022-04-29T17:20:00Z"),
            Instant.parse("2022-04-30T17:20:00Z"),
            Instant.parse("2022-05-01T17:20:00Z"));
  }

  @Test
  void enteredYearsAfterTheStartFindsTheNextOccurrence() {
    TimeSpec spec = TimeSpecs.cycle("R/2022-04-27T17:20:00Z/PT7M", UTC);
    Instant entered = Instant.parse("2030-01-01T00:00:00Z");

    Instant first = spec.firstDue(entered).orElseThrow();
    assertThat(first).isAfterOrEqualTo(entered).isBefore(entered.plusSeconds(7 * 60));
    long sinceStart =
        first.getEpochSecond() - Instant.parse("2022-04-27T17:20:00Z").getEpochSecond();
    assertThat(sinceStart % (7 * 60)).isZero();
  }

  @Test
  void withAStartALateFireIsFollowedByTheFirstOccurrenceAfterIt() {
    TimeSpec spec = TimeSpecs.cycle("R/2022-04-27T17:20:00Z/P1D", UTC);
    Instant due = Instant.parse("2022-04-28T17:20:00Z");

    assertThat(spec.nextDue(due, due, Instant.parse("2022-04-30T09:00:00Z"), 1))
        .contains(Instant.parse("2022-04-30T17:20:00Z"));
    assertThat(spec.nextDue(due, due, Instant.parse("2022-04-29T17:20:00Z"), 1))
        .as("an occurrence exactly at the processing instant is not the next one")
        .contains(Instant.parse("2022-04-30T17:20:00Z"));
  }

  @Test
  void monthlyStepsAreCountedFromTheStartSoTheDayOfMonthDoesNotDrift() {
    TimeSpec spec = TimeSpecs.cycle("R4/2024-01-31T12:00:00Z/P1M", UTC);

    assertThat(fireOnTime(spec, Instant.parse("2024-01-01T00:00:00Z"), 100))
        .containsExactly(
            Instant.parse("2024-01-31T12:00:00Z"),
            Instant.parse("2024-02-29T12:00:00Z"),
            Instant.parse("2024-03-31T12:00:00Z"),
            Instant.parse("2024-04-30T12:00:00Z"));
  }
}
