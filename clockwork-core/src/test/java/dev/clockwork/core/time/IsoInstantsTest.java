package dev.clockwork.core.time;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The hand-written reader and writer against the JDK's, which they must equal everywhere. */
class IsoInstantsTest {
  private static final long FROM = Instant.parse("-0100-01-01T00:00:00Z").getEpochSecond();
  private static final long TO = Instant.parse("+10100-01-01T00:00:00Z").getEpochSecond();

  @Test
  void writesAndReadsEveryInstantAsTheJdkDoes() {
    SplittableRandom random = new SplittableRandom(23);
    for (int i = 0; i < 200_000; i++) {
      Instant instant = Instant.ofEpochSecond(random.nextLong(FROM, TO), nano(random));
      String text = instant.toString();

      assertThat(IsoInstants.format(instant)).isEqualTo(text);
      assertThat(IsoInstants.parseInstant(text)).isEqualTo(instant);
    }
  }

  @Test
  void readsDateTimesWithOffsetsAsTheJdkDoes() {
    SplittableRandom random = new SplittableRandom(24);
    for (int i = 0; i < 100_000; i++) {
      Instant instant = Instant.ofEpochSecond(random.nextLong(FROM, TO), nano(random));
      ZoneOffset offset = ZoneOffset.ofTotalSeconds(random.nextInt(-18 * 60, 18 * 60 + 1) * 60);
      String text = OffsetDateTime.ofInstant(instant, offset).toString();

      assertThat(IsoInstants.parseOffsetDateTime(text)).isEqualTo(OffsetDateTime.parse(text));
      assertThat(outcome(() -> IsoInstants.parseInstant(text)))
          .isEqualTo(outcome(() -> Instant.parse(text)));
    }
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "2024-03-02T09:00:00Z",
        "2024-03-02T09:00Z",
        "2024-03-02T09:00:00.1Z",
        "2024-03-02T09:00:00.123456789Z",
        "2024-03-02T09:00:00+00:00",
        "2024-03-02T09:00:00-00:00",
        "2024-03-02T09:00:00+02:00:30",
        "2024-02-29T23:59:59Z",
        "2023-12-31T23:59:60Z",
        "2024-03-02T24:00:00Z",
        "0000-01-01T00:00:00Z",
        "9999-12-31T23:59:59.999999999Z",
        "+12024-03-02T09:00:00Z",
        "2023-02-29T00:00:00Z",
        "2024-13-02T09:00:00Z",
        "2024-03-02T09:60:00Z",
        "2024-03-02T09:00:00.Z",
        "2024-03-02T09:00:00.1234567890Z",
        "2024-03-02T09:00:00",
        "2024-03-02 09:00:00Z",
        "2024-03-02T09:00:00+2:00",
        "2024-03-02T09:00:00+19:00",
        "2024-0a-02T09:00:00Z",
        "2024-03-02T09:00:00z",
        "",
      })
  void readsTheEdgesAsTheJdkDoes(String text) {
    assertThat(outcome(() -> IsoInstants.parseInstant(text)))
        .isEqualTo(outcome(() -> Instant.parse(text)));
    assertThat(outcome(() -> IsoInstants.parseOffsetDateTime(text)))
        .isEqualTo(outcome(() -> OffsetDateTime.parse(text)));
  }

  @Test
  void badTextFailsWithTheJdksErrorNamingIt() {
    assertThatThrownBy(() -> IsoInstants.parseInstant("2023-02-29T00:00:00Z"))
        .isInstanceOf(DateTimeParseException.class)
        .hasMessageContaining("2023-02-29T00:00:00Z");
    assertThatThrownBy(() -> IsoInstants.parseOffsetDateTime("2024-03-02T09:00:00"))
        .isInstanceOf(DateTimeParseException.class)
        .hasMessageContaining("2024-03-02T09:00:00");
  }

  private static int nano(SplittableRandom random) {
    switch (random.nextInt(4)) {
      case 0:
        return 0;
      case 1:
        return random.nextInt(1000) * 1_000_000;
      case 2:
        return random.nextInt(1_000_000) * 1_000;
      default:
        return random.nextInt(1_000_000_000);
    }
  }

  private static String outcome(Supplier<Object> parse) {
    try {
      return String.valueOf(parse.get());
    } catch (RuntimeException e) {
      return e.getMessage();
    }
  }
}
