package dev.clockwork.core.time;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class AtDateTest {
  private static final Instant ENTERED = Instant.parse("2019-09-30T00:00:00Z");

  @ParameterizedTest
  @CsvSource({
    "2019-10-01T12:00:00Z, 2019-10-01T12:00:00Z, at 2019-10-01T12:00:00Z",
    "2019-10-02T08:09:40+02:00, 2019-10-02T06:09:40Z, at 2019-10-02T08:09:40+02:00",
    "2019-10-02T08:09:40+02:00[Europe/Berlin], 2019-10-02T06:09:40Z,"
        + " at 2019-10-02T08:09:40+02:00[Europe/Berlin]",
    "2019-10-01T12:00Z, 2019-10-01T12:00:00Z, at 2019-10-01T12:00:00Z",
    "2019-10-01T12:00:00.25-05:00, 2019-10-01T17:00:00.25Z, at 2019-10-01T12:00:00.25-05:00",
  })
  void seedExamplesFireOnceAtThatInstant(String text, String instant, String description) {
    TimeSpec spec = TimeSpecs.at(text);

    assertThat(spec.firstDue(ENTERED)).contains(Instant.parse(instant));
    assertThat(spec.nextDue(ENTERED, Instant.parse(instant), Instant.parse(instant), 1)).isEmpty();
    assertThat(spec.maxFires()).isEqualTo(1);
    assertThat(spec.repeating()).isFalse();
    assertThat(spec.describe()).isEqualTo(description);
  }

  @Test
  void anInstantBeforeEntryIsStillReturnedMeaningFireAtOnce() {
    Instant entered = Instant.parse("2020-01-01T00:00:00Z");

    assertThat(TimeSpecs.at("2019-10-01T12:00:00Z").firstDue(entered))
        .hasValueSatisfying(due -> assertThat(due).isBefore(entered))
        .contains(Instant.parse("2019-10-01T12:00:00Z"));
  }

  @Test
  void theOffsetWinsOverAZoneThatWasAtAnotherOffset() {
    // Berlin is at +01:00 in January: the offset gives the instant, as java.time reads it.
    assertThat(TimeSpecs.at("2022-01-01T10:00:00+02:00[Europe/Berlin]").firstDue(ENTERED))
        .contains(Instant.parse("2022-01-01T08:00:00Z"));
  }

  @Test
  void theOffsetChoosesBetweenTheTwoInstantsOfAnOverlap() {
    assertThat(TimeSpecs.at("2019-10-27T02:30:00+02:00[Europe/Berlin]").firstDue(ENTERED))
        .contains(Instant.parse("2019-10-27T00:30:00Z"));
    assertThat(TimeSpecs.at("2019-10-27T02:30:00+01:00[Europe/Berlin]").firstDue(ENTERED))
        .contains(Instant.parse("2019-10-27T01:30:00Z"));
  }

  @Test
  void aZoneWithoutOffsetIsWallClockTimeInThatZone() {
    assertThat(TimeSpecs.at("2019-10-02T08:09:40[Europe/Berlin]").firstDue(ENTERED))
        .contains(Instant.parse("2019-10-02T06:09:40Z"));
  }

  @Test
  void withoutOffsetOrZoneItIsRefusedWithTheFix() {
    assertThatThrownBy(() -> TimeSpecs.at("2019-10-01T12:00:00"))
        .isInstanceOf(InvalidTimerDefinitionException.class)
        .hasMessage(
            "date-time '2019-10-01T12:00:00' has no offset or zone; write 2019-10-01T12:00:00Z or"
                + " 2019-10-01T12:00:00+02:00 (or +02:00[Europe/Berlin])");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"2019-10-01", "tomorrow", "2019-13-01T12:00:00Z", "12:00:00Z", "2019-10-01T12Z"})
  void notADateTimeIsNamedWithExamples(String text) {
    assertThatThrownBy(() -> TimeSpecs.at(text))
        .isInstanceOf(InvalidTimerDefinitionException.class)
        .hasMessage(
            "date-time '"
                + text
                + "' is not an ISO 8601 date-time; write e.g. 2019-10-01T12:00:00Z,"
                + " 2019-10-02T08:09:40+02:00 or 2019-10-02T08:09:40+02:00[Europe/Berlin]");
  }

  @Test
  void anUnknownZoneIsNamed() {
    assertThatThrownBy(() -> TimeSpecs.at("2019-10-01T12:00:00+02:00[Mars/Olympus]"))
        .isInstanceOf(InvalidTimerDefinitionException.class)
        .hasMessageContaining("unknown zone 'Mars/Olympus'");
  }

  @Test
  void missingTextIsAnError() {
    assertThatThrownBy(() -> TimeSpecs.at(null))
        .isInstanceOf(InvalidTimerDefinitionException.class)
        .hasMessageContaining("2019-10-01T12:00:00Z");
  }

  @Test
  void sameInstantAndZoneMeanEqualSpecs() {
    assertThat(TimeSpecs.at("2019-10-01T12:00Z")).isEqualTo(TimeSpecs.at("2019-10-01T12:00:00Z"));
  }
}
