package dev.clockwork.runtime.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Durations in fixed √2-wide buckets: added up exactly, percentiles within a bucket's width. */
class DurationHistogramTest {

  @Test
  void percentilesAreWithinABucketOfTheTrueOnes() {
    List<Duration> durations = new ArrayList<>();
    for (int i = 1; i <= 1000; i++) {
      durations.add(Duration.ofMillis(i));
    }
    DurationHistogram histogram = DurationHistogram.of(durations.toArray(Duration[]::new));

    assertThat(histogram.count()).isEqualTo(1000);
    assertThat(histogram.percentile(0.5).toNanos() / 1e6).isBetween(500 / 1.42, 500 * 1.42);
    assertThat(histogram.percentile(0.95).toNanos() / 1e6).isBetween(950 / 1.42, 950 * 1.42);
    assertThat(histogram.percentile(1.0).toNanos() / 1e6).isBetween(1000 / 1.42, 1000 * 1.42);
    assertThat(histogram.percentile(0.5)).isLessThan(histogram.percentile(0.95));
  }

  @Test
  void oneDurationReadsBackNearItself() {
    for (long micros : new long[] {15, 4_200, 250_000, 7_000_000}) {
      Duration percentile = DurationHistogram.of(Duration.ofNanos(micros * 1000)).percentile(0.95);
      assertThat(percentile.toNanos() / 1000.0)
          .as("%d µs", micros)
          .isBetween(micros / 1.42, micros * 1.42);
    }
    assertThat(DurationHistogram.of(Duration.ofNanos(3000)).percentile(0.5))
        .as("under the first bucket's 10 µs")
        .isLessThanOrEqualTo(Duration.ofNanos(10_000));
  }

  @Test
  void histogramsOfOneMinuteAddUpBucketByBucket() {
    DurationHistogram a = DurationHistogram.of(Duration.ofMillis(1), Duration.ofMillis(30));
    DurationHistogram b = DurationHistogram.of(Duration.ofMillis(30));

    assertThat(a.plus(b))
        .isEqualTo(
            DurationHistogram.of(
                Duration.ofMillis(1), Duration.ofMillis(30), Duration.ofMillis(30)));
    assertThat(a.with(Duration.ofMillis(30))).isEqualTo(a.plus(b));
    assertThat(DurationHistogram.ofCounts(a.counts())).isEqualTo(a);
    assertThat(DurationHistogram.empty().percentile(0.5)).isNull();
  }

  @Test
  void storedCountsOfAnotherLengthStillRead() {
    assertThat(DurationHistogram.ofCounts(new long[] {2}).count()).isEqualTo(2);
    long[] longer = new long[DurationHistogram.BUCKETS + 3];
    longer[longer.length - 1] = 4;
    DurationHistogram histogram = DurationHistogram.ofCounts(longer);
    assertThat(histogram.counts()[DurationHistogram.BUCKETS - 1]).isEqualTo(4);
    assertThat(histogram.percentile(0.5)).isGreaterThan(Duration.ofMinutes(20));
  }

  @Test
  void aQuantileOutsideZeroToOneIsRefused() {
    DurationHistogram histogram = DurationHistogram.of(Duration.ofMillis(1));
    assertThatThrownBy(() -> histogram.percentile(95))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("(0, 1]")
        .hasMessageContaining("95");
  }
}
