package dev.clockwork.cli.output;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The one human duration format of tables and lines: largest unit first, two units at most. */
class HumanDurationTest {
  @Test
  void eachRangeHasItsUnits() {
    assertThat(HumanDuration.format(Duration.ZERO)).isEqualTo("0s");
    assertThat(HumanDuration.format(Duration.ofNanos(400))).isEqualTo("<1ms");
    assertThat(HumanDuration.format(Duration.ofMillis(45))).isEqualTo("45ms");
    assertThat(HumanDuration.format(Duration.ofMillis(4_200))).isEqualTo("4.2s");
    assertThat(HumanDuration.format(Duration.ofSeconds(30))).isEqualTo("30s");
    assertThat(HumanDuration.format(Duration.ofSeconds(330))).isEqualTo("5m 30s");
    assertThat(HumanDuration.format(Duration.ofMinutes(5))).isEqualTo("5m");
    assertThat(HumanDuration.format(Duration.ofMinutes(125))).isEqualTo("2h 5m");
    assertThat(HumanDuration.format(Duration.ofDays(7))).isEqualTo("7d");
    assertThat(HumanDuration.format(Duration.ofHours(36))).isEqualTo("1d 12h");
    assertThat(HumanDuration.format(null)).isEqualTo("-");
  }

  @Test
  void agoSaysWhichWay() {
    assertThat(HumanDuration.ago(Duration.ofSeconds(2))).isEqualTo("2s ago");
    assertThat(HumanDuration.ago(Duration.ofSeconds(-2))).isEqualTo("in 2s");
  }
}
