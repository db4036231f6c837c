package dev.clockwork.bench.harness;

import java.util.Arrays;

/** Measured durations (or any longs), thread-safe to add to; percentiles by nearest rank. */
public final class Samples {
  private long[] values = new long[1024];
  private int size;

  public synchronized void add(long value) {
    if (size == values.length) {
      values = Arrays.copyOf(values, size * 2);
    }
    values[size++] = value;
  }

  public synchronized int size() {
    return size;
  }

  /** The value at {@code fraction} (0.5 for the median), nearest rank; NaN when empty. */
  public synchronized double percentile(double fraction) {
    if (size == 0) {
      return Double.NaN;
    }
    long[] sorted = Arrays.copyOf(values, size);
    Arrays.sort(sorted);
    int rank = (int) Math.ceil(fraction * size);
    return sorted[Math.max(0, Math.min(size - 1, rank - 1))];
  }

  public synchronized double max() {
    return size == 0 ? Double.NaN : Arrays.stream(values, 0, size).max().getAsLong();
  }

  public synchronized double mean() {
    return size == 0 ? Double.NaN : Arrays.stream(values, 0, size).average().orElse(Double.NaN);
  }
}
