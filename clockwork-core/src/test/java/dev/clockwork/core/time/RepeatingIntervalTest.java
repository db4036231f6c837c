package dev.clockwork.core.time;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.threeten.extra.PeriodDuration;

/** The parser of {@code R[n]/[start/]duration}. */
class RepeatingIntervalTest {

  @Test
  void readsCountAndDuration() {
    RepeatingInterval interval = RepeatingInterval.parse("R5/PT10S");

    assertThat(interval.repetitions()).hasValue(5);
    assertThat(interval.start()).isEmpty();
    assertThat(interval.period()).isEqualTo(PeriodDuration.of(Duration.ofSeconds(10)));
  }

  @Test
  void readsUnboundedRepetitions() {
    RepeatingInterval interval = RepeatingInterval.parse("R/P1D");

    assertThat(interval.repetitions()).isEmpty();
    assertThat(interval.period()).isEqualTo(PeriodDuration.parse("P1D"));
  }

  @Test
  void readsAStartInUtc() {
    RepeatingInterval interval = RepeatingInterval.parse("R3/2022-04-27T17:20:00Z/P1D");

    assertThat(interval.repetitions()).hasValue(3);
    assertThat(interval.start()).contains(ZonedDateTime.parse("2022-04-27T17:20:00Z"));
    assertThat(interval.start().orElseThrow().getZone()).isEqualTo(ZoneOffset.UTC);
  }

  @Test
  void aStartWithAZoneIdKeepsTheZoneAndTheOffsetsInstant() {
    RepeatingInterval interval =
        RepeatingInterval.parse("R/2022-01-01T10:00:00+02:00[Europe/Berlin]/P1D");

    ZonedDateTime start = interval.start().orElseThrow();
    assertThat(start.getZone()).isEqualTo(ZoneId.of("Europe/Berlin"));
    assertThat(start.toInstant()).hasToString("2022-01-01T08:00:00Z");
    assertThat(start.toLocalDateTime()).hasToString("2022-01-01T09:00");
  }

  @Test
  void aStartWithAnOffsetOnlyKeepsTheOffset() {
    RepeatingInterval interval = RepeatingInterval.parse("R2/2022-06-01T10:00:00+02:00/PT1H");

    assertThat(interval.start().orElseThrow().getZone()).isEqualTo(ZoneOffset.ofHours(2));
  }

  @ParameterizedTest
  @CsvSource({
    "R5/PT10S, R5/PT10S",
    "R/P1D, R/P1D",
    "R/PT90M, R/PT1H30M",
    "R/P1W, R/P7D",
    "R3/2022-04-27T17:20Z/P1D, R3/2022-04-27T17:20:00Z/P1D",
    "' R/2022-01-01T10:00:00+01:00[Europe/Berlin]/P1D ',"
        + " R/2022-01-01T10:00:00+01:00[Europe/Berlin]/P1D",
  })
  void printsCanonicalText(String text, String canonical) {
    assertThat(RepeatingInterval.parse(text)).hasToString(canonical);
    assertThat(RepeatingInterval.parse(canonical)).isEqualTo(RepeatingInterval.parse(text));
  }

  @Test
  void equalityCoversEveryPart() {
    assertThat(RepeatingInterval.parse("R5/PT10S"))
        .isEqualTo(RepeatingInterval.parse("R5/PT10S"))
        .hasSameHashCodeAs(RepeatingInterval.parse("R5/PT10S"))
        .isNotEqualTo(RepeatingInterval.parse("R4/PT10S"))
        .isNotEqualTo(RepeatingInterval.parse("R5/PT11S"))
        .isNotEqualTo(RepeatingInterval.parse("R5/2022-04-27T17:20:00Z/PT10S"));
  }

  @Test
  void rZeroNeverFiresAndIsRefused() {
    assertThatThrownBy(() -> RepeatingInterval.parse("R0/PT10S"))
        .isInstanceOf(InvalidTimerDefinitionException.class)
        .hasMessage("cycle 'R0/PT10S': R0 never fires; write R1 or more, or R alone for unbounded");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "R5|expected R[n]/[start/]duration, 2 or 3 parts",
        "PT10S|expected R[n]/[start/]duration",
        "R5/2022-04-27T17:20:00Z/PT10S/PT1S|expected R[n]/[start/]duration",
        "X5/PT10S|repetitions 'X5' must be R or R<n>",
        "R-1/PT10S|repetitions 'R-1' must be R or R<n>",
        "Rfive/PT10S|repetitions 'Rfive' must be R or R<n>",
        "R99999999999/PT10S|repetitions 'R99999999999' is too large",
        "R5/|the duration is missing",
        "R5/PT10X|duration 'PT10X' is not an ISO 8601 duration",
        "R5/PT0S|duration 'PT0S' must be positive",
        "R5/PT-10S|duration 'PT-10S' must be positive",
        "R5//PT10S|the start is empty",
        "R5/2022-04-27T17:20:00/PT10S|start date-time '2022-04-27T17:20:00' has no offset or zone",
        "R5/2022-13-27T17:20:00Z/PT10S|start date-time '2022-13-27T17:20:00Z' is not an ISO 8601",
        "R5/2022-04-27T17:20:00Z/2022-04-28T17:20:00Z|the last part '2022-04-28T17:20:00Z' must be"
            + " a duration",
        "R5/PT10S/2022-04-28T17:20:00Z|must be a duration",
      })
  void badPartsAreNamed(String text, String problem) {
    assertThatThrownBy(() -> RepeatingInterval.parse(text))
        .isInstanceOf(InvalidTimerDefinitionException.class)
        .hasMessageStartingWith("cycle '" + text + "': ")
        .hasMessageContaining(problem);
  }

  @Test
  void everyErrorShowsACorrectExample() {
    assertThatThrownBy(() -> RepeatingInterval.parse("R5"))
        .hasMessageContaining("write e.g. R5/PT10S, R/P1D or R3/2022-04-27T17:20:00Z/P1D");
  }

  @Test
  void missingTextIsAnError() {
    assertThatThrownBy(() -> RepeatingInterval.parse(null))
        .isInstanceOf(InvalidTimerDefinitionException.class)
        .hasMessageStartingWith("cycle 'null'");
  }
}
