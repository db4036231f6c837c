package dev.clockwork.core.time;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class DurationsTest {

  @ParameterizedTest
  @CsvSource({
    "500 milliseconds, PT0.5S",
    "1 millisecond, PT0.001S",
    "500ms, PT0.5S",
    "1 second, PT1S",
    "30 seconds, PT30S",
    "5s, PT5S",
    "5 minutes, PT5M",
    "1 minute, PT1M",
    "5m, PT5M",
    "1 hour, PT1H",
    "24h, PT24H",
    "7 days, PT168H",
    "1 day, PT24H",
    "7d, PT168H",
    "2 weeks, PT336H",
    "1 week, PT168H",
    "'  5 MINUTES ', PT5M",
    "0 seconds, PT0S",
  })
  void readsWordsAndShortForms(String text, String expected) {
    assertThat(Durations.parse(text)).isEqualTo(Duration.parse(expected));
  }

  @ParameterizedTest
  @CsvSource({"PT30S, 30 seconds", "P7D, 7 days", "P2W, 2 weeks", "PT1H30M, 90 minutes"})
  void readsIso8601AsTheSameDuration(String iso, String words) {
    assertThat(Durations.parse(iso)).isEqualTo(Durations.parse(words));
  }

  @ParameterizedTest
  @ValueSource(strings = {"five minutes", "5 fortnights", "5", "minutes", "5.5 s", "-5s", "1h30m"})
  void refusesOtherTextNamingItAndTheAcceptedForms(String text) {
    assertThatThrownBy(() -> Durations.parse(text))
        .isInstanceOf(InvalidTimerDefinitionException.class)
        .hasMessageContaining("'" + text + "'")
        .hasMessageContaining("500ms, 30 seconds, 5m, 24h, 7 days, 2 weeks")
        .hasMessageContaining("PT30S, P7D");
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "   "})
  void refusesEmptyText(String text) {
    assertThatThrownBy(() -> Durations.parse(text))
        .isInstanceOf(InvalidTimerDefinitionException.class)
        .hasMessageContaining("is empty");
  }

  @ParameterizedTest
  @ValueSource(strings = {"P1M", "P1Y"})
  void refusesMonthsAndYears(String text) {
    assertThatThrownBy(() -> Durations.parse(text))
        .isInstanceOf(InvalidTimerDefinitionException.class)
        .hasMessage(
            "duration '"
                + text
                + "': months and years have no fixed length; write days, e.g. P30D");
  }

  @ParameterizedTest
  @ValueSource(strings = {"PT-5S", "-P1D"})
  void refusesNegativeIso(String text) {
    assertThatThrownBy(() -> Durations.parse(text)).hasMessageContaining("is negative");
  }

  @ParameterizedTest
  @ValueSource(strings = {"PTX", "P1.5D"})
  void refusesBadIso(String text) {
    assertThatThrownBy(() -> Durations.parse(text))
        .hasMessageContaining("'" + text + "' is not an ISO 8601 duration");
  }

  @ParameterizedTest
  @ValueSource(strings = {"9999999999999999999 days", "99999999999999999 weeks"})
  void refusesDurationsTooLong(String text) {
    assertThatThrownBy(() -> Durations.parse(text)).hasMessageContaining("too long");
  }

  @ParameterizedTest
  @CsvSource({
    "PT168H, 7 days",
    "PT24H, 1 day",
    "PT90M, 90 minutes",
    "PT1H, 1 hour",
    "PT1S, 1 second",
    "PT0.5S, 500 milliseconds",
    "PT0S, 0 seconds",
    "PT-5S, -5 seconds",
    "PT0.000001S, PT0.000001S",
  })
  void formatsWithTheLargestExactUnit(String iso, String text) {
    assertThat(Durations.format(Duration.parse(iso))).isEqualTo(text);
  }

  @ParameterizedTest
  @ValueSource(strings = {"PT168H", "PT90M", "PT0.5S", "PT1S", "PT0S", "PT86399S", "PT0.000001S"})
  void formattedTextReadsBack(String iso) {
    Duration duration = Duration.parse(iso);
    assertThat(Durations.parse(Durations.format(duration))).isEqualTo(duration);
  }

  @ParameterizedTest
  @CsvSource({
    "1500, PT1.5S",
    "1500.5, PT1.5005S",
    "1500.0000001, PT1.500000001S",
    "0.0000001, PT0.000000001S",
    "-0.5, PT-0.0005S",
    "-1500.0000001, PT-1.5S",
  })
  void millisecondsKeepTheirFractionRoundedUpToTheNanosecond(String millis, String iso) {
    assertThat(Durations.ofMillis(new BigDecimal(millis))).isEqualTo(Duration.parse(iso));
    assertThat(Durations.ofMillis(Double.parseDouble(millis))).isEqualTo(Duration.parse(iso));
  }

  @ParameterizedTest
  @ValueSource(doubles = {Double.NaN, Double.POSITIVE_INFINITY, 1e300})
  void millisecondsThatAreNotUsableAreRefused(double millis) {
    assertThatThrownBy(() -> Durations.ofMillis(millis))
        .isInstanceOf(InvalidTimerDefinitionException.class)
        .hasMessageContaining("is not a usable number of milliseconds");
  }
}
