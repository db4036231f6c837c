package dev.clockwork.bench.harness;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SamplesTest {
  @Test
  void percentilesAreNearestRank() {
    Samples samples = new Samples();
    for (int i = 100; i >= 1; i--) {
      samples.add(i);
    }
    assertThat(samples.percentile(0.5)).isEqualTo(50);
    assertThat(samples.percentile(0.99)).isEqualTo(99);
    assertThat(samples.percentile(1.0)).isEqualTo(100);
    assertThat(samples.max()).isEqualTo(100);
    assertThat(samples.mean()).isEqualTo(50.5);
  }

  @Test
  void growsPastItsFirstArray() {
    Samples samples = new Samples();
    for (int i = 0; i < 5000; i++) {
      samples.add(7);
    }
    assertThat(samples.size()).isEqualTo(5000);
    assertThat(samples.percentile(0.99)).isEqualTo(7);
  }

  @Test
  void emptyIsNotANumber() {
    assertThat(new Samples().percentile(0.5)).isNaN();
  }
}
