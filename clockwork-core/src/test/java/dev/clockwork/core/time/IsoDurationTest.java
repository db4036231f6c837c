package dev.clockwork.core.time;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class IsoDurationTest {
  private static final ZoneId UTC = ZoneOffset.UTC;
  private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");
  private static final Instant ENTERED = Instant.parse("2026-05-04T08:00:00Z");

  @ParameterizedTest
  @CsvSource({
    "PT15S, 2026-05-04T08:00:15Z",
    "PT1H30M, 2026-05-04T09:30:00Z",
    "P14D, 2026-05-18T08:00:00Z",
    "P14DT1H30M, 2026-05-18T09:30:00Z",
    "P2W, 2026-05-18T08:00:00Z",
    "P3Y6M4DT12H30M5S, 2029-11-08T20:30:05Z",
  })
  void seedExamplesFireOnceAtEntryPlusTheDuration(String iso, String due) {
    TimeSpec spec = TimeSpecs.duration(iso, UTC);

    assertThat(spec.firstDue(ENTERED)).contains(Instant.parse(due));
    assertThat(spec.nextDue(ENTERED, Instant.parse(due), Instant.parse(due), 1)).isEmpty();
    assertThat(spec.maxFires()).isEqualTo(1);
    assertThat(spec.repeating()).isFalse();
  }

  @Test
  void aMonthFromJanuaryThirtyFirstIsTheLastDayOfFebruary() {
    Instant entered = LocalDateTime.parse("2024-01-31T09:00").atZone(BERLIN).toInstant();

    assertThat(TimeSpecs.duration("P1M", BERLIN).firstDue(entered))
        .contains(LocalDateTime.parse("2024-02-29T09:00").atZone(BERLIN).toInstant());
  }

  @Test
  void calendarPartsFollowTheZoneWhileTheTimePartIsElapsedTime() {
    // Entered 2026-03-01 09:00 Berlin (+01:00). P3Y6M4D lands on 2029-09-05 09:00 Berlin (+02:00),
    // then 12h30m5s of elapsed time are added.
    Instant entered = LocalDateTime.parse("2026-03-01T09:00").atZone(BERLIN).toInstant();

    assertThat(TimeSpecs.duration("P3Y6M4DT12H30M5S", BERLIN).firstDue(entered))
        .contains(Instant.parse("2029-09-05T07:00:00Z").plusSeconds(12 * 3600 + 30 * 60 + 5));
  }

  @Test
  void describesWithTheCanonicalIsoText() {
    assertThat(TimeSpecs.duration("PT15S", BERLIN).describe()).isEqualTo("PT15S");
    assertThat(TimeSpecs.duration("PT90M", BERLIN).describe()).isEqualTo("PT1H30M");
    assertThat(TimeSpecs.duration("P2W", BERLIN).describe()).isEqualTo("P14D (Europe/Berlin)");
    assertThat(TimeSpecs.duration("P14DT1H30M", UTC).describe()).isEqualTo("P14DT1H30M (Z)");
  }

  @ParameterizedTest
  @ValueSource(strings = {"15 seconds", "PT", "P1.5D", "T15S", "PT15", "P1H"})
  void badTextIsNamedWithACorrectExample(String text) {
    assertThatThrownBy(() -> TimeSpecs.duration(text, UTC))
        .isInstanceOf(InvalidTimerDefinitionException.class)
        .hasMessage(
            "duration '"
                + text
                + "' is not an ISO 8601 duration; write e.g. PT15S, PT1H30M, P14D or"
                + " P3Y6M4DT12H30M5S");
  }

  @ParameterizedTest
  @ValueSource(strings = {"PT0S", "P0D", "-PT15S", "PT-1S", "P1DT-1H", "P-1M"})
  void staticDurationsMustBePositive(String text) {
    assertThatThrownBy(() -> TimeSpecs.duration(text, UTC))
        .isInstanceOf(InvalidTimerDefinitionException.class)
        .hasMessageStartingWith("duration '" + text + "': a static timer must be positive;");
  }

  @Test
  void missingTextIsAnError() {
    assertThatThrownBy(() -> TimeSpecs.duration(null, UTC))
        .isInstanceOf(InvalidTimerDefinitionException.class)
        .hasMessageContaining("PT15S");
  }
}
