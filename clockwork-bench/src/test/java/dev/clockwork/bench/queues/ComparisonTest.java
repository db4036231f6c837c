package dev.clockwork.bench.queues;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class ComparisonTest {
  @Test
  void medianIsTheMiddleOrTheMeanOfTheTwoMiddles() {
    assertThat(Comparison.median(List.of(5.0, 1.0, 3.0))).isEqualTo(3.0);
    assertThat(Comparison.median(List.of(4.0, 1.0, 3.0, 2.0))).isEqualTo(2.5);
    assertThat(Comparison.median(List.of())).isNaN();
  }

  @Test
  void theVerdictIsTheRatioOfTheMediansAgainstTheMinimum() {
    Comparison comparison =
        new Comparison(List.of(100.0, 120.0, 80.0), List.of(90.0, 60.0, 100.0), 0.85);
    assertThat(comparison.baselineMedian()).isEqualTo(100.0);
    assertThat(comparison.variantMedian()).isEqualTo(90.0);
    assertThat(comparison.ratio()).isCloseTo(0.90, within(1e-9));
    assertThat(comparison.pass()).isTrue();
    assertThat(new Comparison(List.of(100.0), List.of(84.9), 0.85).pass()).isFalse();
    assertThat(new Comparison(List.of(100.0), List.of(85.0), 0.85).pass()).isTrue();
  }

  @Test
  void roundRatiosPairEachRoundWithItsOwnBaseline() {
    Comparison comparison =
        new Comparison(List.of(100.0, 120.0, 80.0), List.of(90.0, 60.0, 100.0), 0.85);
    assertThat(comparison.roundRatioRange()).containsExactly(0.5, 1.25);
    assertThat(comparison.describeRatio()).isEqualTo("0.900 (rounds 0.50–1.25)");
  }

  @Test
  void roundsMustPairUp() {
    assertThatThrownBy(() -> new Comparison(List.of(1.0, 2.0), List.of(1.0), 0.9))
        .hasMessageContaining("as many variant rounds as baseline rounds");
    assertThatThrownBy(() -> new Comparison(List.of(), List.of(), 0.9))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
