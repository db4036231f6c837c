package dev.clockwork.core.time;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Timers computed from context when the state is entered. */
class ExpressionValueTest {
  private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");
  private static final Instant ENTERED = Instant.parse("2026-05-04T08:00:00Z");

  private static TimeSpec of(Object value) {
    return TimeSpecs.fromValue(value, BERLIN);
  }

  @Test
  void aDurationIsAOneShotAfterIt() {
    TimeSpec spec = of(Duration.ofMinutes(90));

    assertThat(spec.firstDue(ENTERED)).contains(ENTERED.plusSeconds(5400));
    assertThat(spec.repeating()).isFalse();
    assertThat(spec.describe()).isEqualTo("after 90 minutes");
  }

  @Test
  void aZeroOrNegativeComputedDurationFiresAtOnce() {
    assertThat(of(Duration.ZERO).firstDue(ENTERED)).contains(ENTERED);
    assertThat(of(Duration.ofHours(-3)).firstDue(ENTERED)).contains(ENTERED);
    assertThat(of(Duration.ofHours(-3)).describe()).isEqualTo("at once (computed PT-3H)");
    assertThat(of(0).firstDue(ENTERED)).contains(ENTERED);
    assertThat(of(-500L).firstDue(ENTERED)).contains(ENTERED);
    assertThat(of("PT0S").firstDue(ENTERED)).contains(ENTERED);
    assertThat(of("-P1D").firstDue(ENTERED)).contains(ENTERED);
    assertThat(of("PT-5S").firstDue(ENTERED)).contains(ENTERED);
  }

  @Test
  void aTimerIsAOneShotAfterIt() {
    assertThat(of(Timer.days(7)).firstDue(ENTERED)).contains(ENTERED.plusSeconds(7 * 86_400));
  }

  @Test
  void aNumberIsMilliseconds() {
    assertThat(of(1500).firstDue(ENTERED)).contains(ENTERED.plusMillis(1500));
    assertThat(of(86_400_000L).firstDue(ENTERED)).contains(ENTERED.plusSeconds(86_400));
    assertThat(of(new BigDecimal("2.5")).firstDue(ENTERED)).contains(ENTERED.plusNanos(2_500_000));
  }

  @Test
  void aFractionOfANanosecondIsRoundedUpSoTheTimerIsNeverEarly() {
    assertThat(of(0.0000001).firstDue(ENTERED)).contains(ENTERED.plusNanos(1));
    assertThat(of(1.5f).firstDue(ENTERED)).contains(ENTERED.plusNanos(1_500_000));
  }

  @Test
  void unusableNumbersAreRefused() {
    assertThatThrownBy(() -> of(Double.NaN))
        .isInstanceOf(InvalidTimerDefinitionException.class)
        .hasMessageContaining("timer value NaN is not a usable number of milliseconds");
    assertThatThrownBy(() -> of(Double.POSITIVE_INFINITY))
        .isInstanceOf(InvalidTimerDefinitionException.class);
    assertThatThrownBy(() -> of(new BigDecimal("1e30")))
        .isInstanceOf(InvalidTimerDefinitionException.class);
  }

  @Test
  void dateTimesAreOneShotsAtThatInstant() {
    Instant instant = Instant.parse("2026-06-01T10:00:00Z");

    assertThat(of(instant).firstDue(ENTERED)).contains(instant);
    assertThat(of(instant).describe()).isEqualTo("at 2026-06-01T10:00:00Z");
    assertThat(of(OffsetDateTime.parse("2026-06-01T12:00:00+02:00")).firstDue(ENTERED))
        .contains(instant);
    assertThat(
            of(ZonedDateTime.parse("2026-06-01T12:00:00+02:00[Europe/Berlin]")).firstDue(ENTERED))
        .contains(instant);
  }

  @Test
  void aPastDateTimeFiresAtOnce() {
    Instant past = Instant.parse("2020-01-01T00:00:00Z");

    assertThat(of(past).firstDue(ENTERED)).contains(past);
  }

  @Test
  void stringsOfEveryIsoKindAndCron() {
    assertThat(of("PT15S").firstDue(ENTERED)).contains(ENTERED.plusSeconds(15));
    assertThat(of("P1D").describe()).isEqualTo("P1D (Europe/Berlin)");
    assertThat(of("2019-10-01T12:00:00Z").firstDue(ENTERED))
        .contains(Instant.parse("2019-10-01T12:00:00Z"));
    assertThat(of("2019-10-02T08:09:40+02:00[Europe/Berlin]").describe())
        .isEqualTo("at 2019-10-02T08:09:40+02:00[Europe/Berlin]");
    assertThat(of("R5/PT10S").maxFires()).isEqualTo(5);
    assertThat(of("R3/2022-04-27T17:20:00Z/P1D").describe())
        .isEqualTo("R3/2022-04-27T17:20:00Z/P1D");
    assertThat(of("0 0 9-17 * * MON-FRI").describe())
        .isEqualTo("cron 0 0 9-17 * * MON-FRI (Europe/Berlin)");
    assertThat(of("@daily").repeating()).isTrue();
    assertThat(of(" 5 minutes ").firstDue(ENTERED)).contains(ENTERED.plusSeconds(300));
  }

  @Test
  void theTextOfAnInstantOrDurationReadsBackAsTheSameTimer() {
    Instant instant = Instant.parse("2026-06-01T10:00:00.123Z");

    assertThat(of(instant.toString()).firstDue(ENTERED)).contains(instant);
    assertThat(of(Duration.ofMillis(1500).toString()).firstDue(ENTERED))
        .contains(ENTERED.plusMillis(1500));
  }

  @Test
  void aTimeSpecIsTakenAsIs() {
    TimeSpec spec = TimeSpecs.every(Timer.hours(1));

    assertThat(of(spec)).isSameAs(spec);
  }

  @Test
  void badStringsCarryTheirOwnError() {
    assertThatThrownBy(() -> of("0 0 25 * * *"))
        .hasMessage("cron '0 0 25 * * *': hour field '25' is out of range 0-23");
    assertThatThrownBy(() -> of("R0/PT1S")).hasMessageContaining("R0 never fires");
    assertThatThrownBy(() -> of("2019-10-01T12:00:00")).hasMessageContaining("no offset or zone");
    assertThatThrownBy(() -> of("PT1X")).hasMessageContaining("not an ISO 8601 duration");
  }

  @ParameterizedTest
  @ValueSource(strings = {"soon", "", "tomorrow at noon"})
  void unrecognisedStringsNameTheValueAndTheAcceptedForms(String text) {
    assertThatThrownBy(() -> of(text))
        .isInstanceOf(InvalidTimerDefinitionException.class)
        .hasMessageStartingWith("timer value '" + text + "' is not understood; accepted:")
        .hasMessageContaining("ISO 8601 duration (PT15S)")
        .hasMessageContaining("repeating interval (R5/PT10S)")
        .hasMessageContaining("cron expression (0 0 9-17 * * MON-FRI)");
  }

  @Test
  void unrecognisedTypesNameTheValueItsTypeAndTheAcceptedForms() {
    assertThatThrownBy(() -> of(LocalDate.of(2026, 5, 4)))
        .isInstanceOf(InvalidTimerDefinitionException.class)
        .hasMessageStartingWith("timer value 2026-05-04 (java.time.LocalDate) is not a timer;")
        .hasMessageContaining("accepted: a Duration, a Timer, a number of milliseconds");
    assertThatThrownBy(() -> of(null)).hasMessageStartingWith("timer value null is not a timer;");
    assertThatThrownBy(() -> of(LocalDateTime.parse("2026-05-04T10:00")))
        .hasMessage(
            "timer value 2026-05-04T10:00 is a LocalDateTime, which has no offset or zone; give an"
                + " Instant, OffsetDateTime or ZonedDateTime instead");
  }
}
