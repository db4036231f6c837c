package dev.clockwork.core.time;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class AfterEveryTest {
  private static final Instant ENTERED = Instant.parse("2026-03-07T10:15:30.123456789Z");

  @Test
  void afterFiresOnceExactlyThatLongAfterEntry() {
    TimeSpec spec = TimeSpecs.after(Timer.days(7));

    assertThat(spec.firstDue(ENTERED)).contains(ENTERED.plusSeconds(7 * 86_400));
    assertThat(spec.nextDue(ENTERED, ENTERED.plusSeconds(604_800), ENTERED.plusSeconds(604_800), 1))
        .isEmpty();
    assertThat(spec.maxFires()).isEqualTo(1);
    assertThat(spec.repeating()).isFalse();
    assertThat(spec.describe()).isEqualTo("after 7 days");
  }

  @Test
  void afterADayIsExactlyTwentyFourHoursEvenAcrossDst() {
    // 2026-03-08 is the New York spring-forward day; Timer.days is exact, not calendar days.
    Instant entered = Instant.parse("2026-03-07T12:00:00Z");

    assertThat(TimeSpecs.after(Duration.ofDays(1)).firstDue(entered))
        .contains(Instant.parse("2026-03-08T12:00:00Z"));
  }

  @Test
  void everyCountsFromEntryThenFromEachProcessedFire() {
    TimeSpec spec = TimeSpecs.every(Timer.hours(6));
    Instant first = ENTERED.plusSeconds(6 * 3600);

    assertThat(spec.firstDue(ENTERED)).contains(first);
    assertThat(spec.nextDue(ENTERED, first, first, 1)).contains(first.plusSeconds(6 * 3600));
    assertThat(spec.maxFires()).isEqualTo(Integer.MAX_VALUE);
    assertThat(spec.repeating()).isTrue();
    assertThat(spec.describe()).isEqualTo("every 6 hours");
  }

  @Test
  void everyDoesNotCatchUpAfterALateFire() {
    TimeSpec spec = TimeSpecs.every(Duration.ofMinutes(10));
    Instant due = ENTERED.plusSeconds(600);
    Instant processedLate = due.plusSeconds(3600 + 7);

    assertThat(spec.nextDue(ENTERED, due, processedLate, 1))
        .contains(processedLate.plusSeconds(600));
  }

  @Test
  void everyTreatsAFireProcessedBeforeItsDueInstantAsProcessedWhenDue() {
    TimeSpec spec = TimeSpecs.every(Duration.ofMinutes(10));
    Instant due = ENTERED.plusSeconds(600);

    assertThat(spec.nextDue(ENTERED, due, due.minusSeconds(5), 1)).contains(due.plusSeconds(600));
  }

  @Test
  void staticDurationsMustBePositive() {
    assertThatThrownBy(() -> TimeSpecs.after(Duration.ZERO))
        .isInstanceOf(InvalidTimerDefinitionException.class)
        .hasMessageStartingWith("after(PT0S): a static timer must be positive; 'PT0S'");
    assertThatThrownBy(() -> TimeSpecs.every(Duration.ofSeconds(-1)))
        .isInstanceOf(InvalidTimerDefinitionException.class)
        .hasMessageStartingWith("every(PT-1S): a static timer must be positive");
    assertThatThrownBy(() -> TimeSpecs.after((Duration) null))
        .isInstanceOf(InvalidTimerDefinitionException.class);
  }

  @Test
  void specsAreValues() {
    assertThat(TimeSpecs.after(Timer.days(7))).isEqualTo(TimeSpecs.after(Duration.ofDays(7)));
    assertThat(TimeSpecs.every(Timer.hours(1))).isEqualTo(TimeSpecs.every(Duration.ofMinutes(60)));
    assertThat(TimeSpecs.after(Timer.days(7))).isNotEqualTo(TimeSpecs.every(Timer.days(7)));
  }

  @Test
  void farFutureBeyondTheTimeLineNeverFires() {
    TimeSpec spec = TimeSpecs.after(Duration.ofSeconds(Long.MAX_VALUE));

    assertThat(spec.firstDue(ENTERED)).isEmpty();
  }
}
