package dev.clockwork.runtime.store;

import java.time.Duration;
import java.util.Arrays;

/**
 * Durations counted in fixed buckets, so histograms of several engines for one minute add up
 * exactly and percentiles can be read from the sum. Bucket 0 holds durations under 10 µs; bucket
 * {@code i} (1 and up) holds [10 µs × 2^((i-1)/2), 10 µs × 2^(i/2)): each bucket is √2 wider than
 * the one before, so an estimated percentile is within about 20% of the true one; the last bucket
 * (from about 22 minutes) is open-ended. Immutable.
 */
public final class DurationHistogram {
  /** How many buckets every histogram has. */
  public static final int BUCKETS = 56;

  private static final double FIRST_NANOS = 10_000;
  private static final DurationHistogram EMPTY = new DurationHistogram(new long[BUCKETS]);

  private final long[] counts;

  private DurationHistogram(long[] counts) {
    this.counts = counts;
  }

  /** No duration counted. */
  public static DurationHistogram empty() {
    return EMPTY;
  }

  /** The durations, counted. */
  public static DurationHistogram of(Duration... durations) {
    long[] counts = new long[BUCKETS];
    for (Duration duration : durations) {
      counts[bucketOf(duration)]++;
    }
    return new DurationHistogram(counts);
  }

  /**
   * A histogram from stored bucket counts: missing buckets count 0 (a shorter array), counts beyond
   * {@link #BUCKETS} are added to the last bucket.
   */
  public static DurationHistogram ofCounts(long[] stored) {
    if (stored == null) {
      return EMPTY;
    }
    long[] counts = new long[BUCKETS];
    for (int i = 0; i < stored.length; i++) {
      counts[Math.min(i, BUCKETS - 1)] += stored[i];
    }
    return new DurationHistogram(counts);
  }

  /** The bucket a duration is counted in. */
  public static int bucketOf(Duration duration) {
    long nanos = Math.max(0, duration.toNanos());
    if (nanos < FIRST_NANOS) {
      return 0;
    }
    int half = (int) Math.floor(2 * Math.log(nanos / FIRST_NANOS) / Math.log(2));
    return Math.min(BUCKETS - 1, 1 + half);
  }

  /** The lower bound of bucket {@code i}, in nanoseconds. */
  static double lower(int i) {
    return i == 0 ? 0 : FIRST_NANOS * Math.pow(2, (i - 1) / 2.0);
  }

  /** This histogram with one more duration counted. */
  public DurationHistogram with(Duration duration) {
    long[] sum = counts.clone();
    sum[bucketOf(duration)]++;
    return new DurationHistogram(sum);
  }

  /** The counts of both histograms added up. */
  public DurationHistogram plus(DurationHistogram more) {
    if (more.count() == 0) {
      return this;
    }
    long[] sum = counts.clone();
    for (int i = 0; i < BUCKETS; i++) {
      sum[i] += more.counts[i];
    }
    return new DurationHistogram(sum);
  }

  /** The bucket counts, {@link #BUCKETS} of them (a copy). */
  public long[] counts() {
    return counts.clone();
  }

  /** How many durations were counted. */
  public long count() {
    long total = 0;
    for (long c : counts) {
      total += c;
    }
    return total;
  }

  /**
   * The estimated {@code quantile} (0.5 for the median, 0.95 for p95): the bucket holding it, and a
   * point inside it in proportion to its rank there. Null when nothing was counted.
   */
  public Duration percentile(double quantile) {
    if (!(quantile > 0 && quantile <= 1)) {
      throw new IllegalArgumentException("quantile must be in (0, 1], not " + quantile);
    }
    long total = count();
    if (total == 0) {
      return null;
    }
    long rank = (long) Math.ceil(quantile * total);
    long seen = 0;
    for (int i = 0; i < BUCKETS; i++) {
      if (counts[i] == 0) {
        continue;
      }
      if (seen + counts[i] >= rank) {
        if (i == BUCKETS - 1) {
          return Duration.ofNanos((long) lower(i));
        }
        double share = (double) (rank - seen) / counts[i];
        double lower = lower(i);
        double upper = lower(i + 1);
        double nanos = i == 0 ? upper * share : lower * Math.pow(upper / lower, share);
        return Duration.ofNanos(Math.round(nanos));
      }
      seen += counts[i];
    }
    throw new IllegalStateException("unreachable: the rank is within the total");
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof DurationHistogram h && Arrays.equals(counts, h.counts);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(counts);
  }

  @Override
  public String toString() {
    return "DurationHistogram" + Arrays.toString(counts);
  }
}
