package dev.clockwork.core.time;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class TimerTest {

  @Test
  void factoriesGiveExactLengths() {
    assertThat(Timer.millis(500).toDuration()).isEqualTo(Duration.ofMillis(500));
    assertThat(Timer.seconds(30).toDuration()).isEqualTo(Duration.ofSeconds(30));
    assertThat(Timer.minutes(15).toDuration()).isEqualTo(Duration.ofSeconds(900));
    assertThat(Timer.hours(6).toDuration()).isEqualTo(Duration.ofSeconds(21_600));
    assertThat(Timer.days(7).toDuration()).isEqualTo(Duration.ofSeconds(7 * 86_400));
    assertThat(Timer.weeks(2).toDuration()).isEqualTo(Duration.ofSeconds(14 * 86_400));
    assertThat(Timer.of(Duration.ofNanos(1)).toDuration()).isEqualTo(Duration.ofNanos(1));
  }

  @Test
  void equalLengthsAreEqualTimers() {
    assertThat(Timer.weeks(1)).isEqualTo(Timer.days(7)).hasSameHashCodeAs(Timer.days(7));
    assertThat(Timer.minutes(60)).isEqualTo(Timer.hours(1));
    assertThat(Timer.seconds(1)).isNotEqualTo(Timer.millis(999));
  }

  @Test
  void printsTheLargestExactUnit() {
    assertThat(Timer.days(7)).hasToString("7 days");
    assertThat(Timer.weeks(1)).hasToString("7 days");
    assertThat(Timer.days(1)).hasToString("1 day");
    assertThat(Timer.hours(6)).hasToString("6 hours");
    assertThat(Timer.minutes(90)).hasToString("90 minutes");
    assertThat(Timer.seconds(1)).hasToString("1 second");
    assertThat(Timer.millis(1500)).hasToString("1500 milliseconds");
    assertThat(Timer.of(Duration.ofNanos(1500))).hasToString("PT0.0000015S");
  }

  @Test
  void refusesZeroWithTheCallAndTheFix() {
    assertThatThrownBy(() -> Timer.days(0))
        .isInstanceOf(InvalidTimerDefinitionException.class)
        .hasMessage("Timer.days(0): a timer must be positive; use Timer.days(1) or more");
    assertThatThrownBy(() -> Timer.millis(0)).hasMessageContaining("Timer.millis(1) or more");
    assertThatThrownBy(() -> Timer.weeks(0)).hasMessageContaining("Timer.weeks(1) or more");
  }

  @Test
  void refusesNegativeLengths() {
    assertThatThrownBy(() -> Timer.seconds(-5))
        .isInstanceOf(InvalidTimerDefinitionException.class)
        .hasMessageStartingWith("Timer.seconds(-5): a timer must be positive");
    assertThatThrownBy(() -> Timer.hours(-1)).hasMessageContaining("Timer.hours(1) or more");
    assertThatThrownBy(() -> Timer.minutes(-1)).hasMessageContaining("Timer.minutes(1)");
    assertThatThrownBy(() -> Timer.of(Duration.ofSeconds(-1)))
        .isInstanceOf(InvalidTimerDefinitionException.class)
        .hasMessageStartingWith("Timer.of(PT-1S): a timer must be positive");
    assertThatThrownBy(() -> Timer.of(Duration.ZERO)).hasMessageStartingWith("Timer.of(PT0S)");
    assertThatThrownBy(() -> Timer.of(null)).isInstanceOf(InvalidTimerDefinitionException.class);
  }

  @Test
  void refusesLengthsADurationCannotHold() {
    assertThatThrownBy(() -> Timer.weeks(Long.MAX_VALUE))
        .isInstanceOf(InvalidTimerDefinitionException.class)
        .hasMessageContaining("Timer.weeks(" + Long.MAX_VALUE + "): too long");
    assertThatThrownBy(() -> Timer.days(Long.MAX_VALUE)).hasMessageContaining("too long");
  }

  @Test
  void errorCanBeRelocatedUnderADefinitionPath() {
    InvalidTimerDefinitionException error =
        new InvalidTimerDefinitionException("Timer.days(0): a timer must be positive");

    InvalidTimerDefinitionException located = error.at("order.waiting.on.EXPIRE");

    assertThat(error.path()).isEmpty();
    assertThat(located).isInstanceOf(InvalidTimerDefinitionException.class);
    assertThat(located.path()).isEqualTo("order.waiting.on.EXPIRE");
    assertThat(located.problem()).isEqualTo("Timer.days(0): a timer must be positive");
    assertThat(located)
        .hasMessage("order.waiting.on.EXPIRE: Timer.days(0): a timer must be positive");
  }
}
