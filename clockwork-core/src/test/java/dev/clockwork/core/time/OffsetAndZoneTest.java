package dev.clockwork.core.time;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A date-time written with an offset and a zone id, as in the BPMN seed's {@code
 * R/2022-01-01T10:00:00+02:00[Europe/Berlin]/P1D} ("January 1, 2022 at 10 a.m. UTC plus 2 hours"):
 * the offset gives the instant, as {@link ZonedDateTime#parse} and Zeebe read it; the zone gives
 * the wall clock that later occurrences keep.
 */
class OffsetAndZoneTest {
  private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");
  private static final String SEED_CYCLE = "R/2022-01-01T10:00:00+02:00[Europe/Berlin]/P1D";
  private static final Instant BEFORE = Instant.parse("2021-12-31T00:00:00Z");

  @Test
  void theSeedCycleFirstFiresAtTheInstantItsOffsetGives() {
    TimeSpec spec = TimeSpecs.cycle(SEED_CYCLE, ZoneOffset.UTC);

    assertThat(spec.firstDue(BEFORE)).contains(Instant.parse("2022-01-01T08:00:00Z"));
  }

  @Test
  void thenEveryDayAtNineBerlinTimeAcrossBothDstChanges() {
    TimeSpec spec = TimeSpecs.cycle(SEED_CYCLE, ZoneOffset.UTC);

    List<Instant> fires = CycleTest.fireOnTime(spec, BEFORE, 365);

    assertThat(fires).hasSize(365);
    for (int day = 0; day < 365; day++) {
      assertThat(LocalDateTime.ofInstant(fires.get(day), BERLIN))
          .isEqualTo(LocalDate.of(2022, 1, 1).plusDays(day).atTime(9, 0));
    }
    assertThat(fires)
        .contains(
            Instant.parse("2022-03-26T08:00:00Z"), // 09:00 CET
            Instant.parse("2022-03-27T07:00:00Z"), // 09:00 CEST
            Instant.parse("2022-10-29T07:00:00Z"), // 09:00 CEST
            Instant.parse("2022-10-30T08:00:00Z")); // 09:00 CET
  }

  @Test
  void atTakesTheOffsetsInstantWhenTheZoneWasAtAnotherOffset() {
    // Berlin was at +01:00 on 1 January 2022: the offset wins, 10:00+02:00 is 08:00Z.
    TimeSpec spec = TimeSpecs.at("2022-01-01T10:00:00+02:00[Europe/Berlin]");

    assertThat(spec.firstDue(BEFORE)).contains(Instant.parse("2022-01-01T08:00:00Z"));
  }

  @Test
  void aComputedDateTimeTextReadsTheSame() {
    assertThat(
            TimeSpecs.fromValue("2022-01-01T10:00:00+02:00[Europe/Berlin]", BERLIN)
                .firstDue(BEFORE))
        .contains(Instant.parse("2022-01-01T08:00:00Z"));
    assertThat(TimeSpecs.fromValue(SEED_CYCLE, BERLIN).firstDue(BEFORE))
        .contains(Instant.parse("2022-01-01T08:00:00Z"));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "2022-01-01T10:00:00+02:00[Europe/Berlin]",
        "2022-01-01T10:00:00+01:00[Europe/Berlin]",
        "2022-07-01T10:00:00+01:00[Europe/Berlin]",
        "2022-03-27T02:30:00+01:00[Europe/Berlin]",
        "2022-10-30T02:30:00+02:00[Europe/Berlin]",
        "2022-10-30T02:30:00+01:00[Europe/Berlin]",
        "2022-11-06T01:30:00-04:00[America/New_York]",
        "2022-11-06T01:30:00-05:00[America/New_York]",
        "2022-01-01T10:00:00Z[Europe/Berlin]"
      })
  void anOffsetAndAZoneGiveTheInstantAndZoneJavaTimeGives(String text) {
    ZonedDateTime expected = ZonedDateTime.parse(text);

    ZonedDateTime start = RepeatingInterval.parse("R/" + text + "/P1D").start().orElseThrow();

    assertThat(start.toInstant()).isEqualTo(expected.toInstant());
    assertThat(start.getZone()).isEqualTo(expected.getZone());
    assertThat(TimeSpecs.at(text).firstDue(BEFORE)).contains(expected.toInstant());
  }
}
