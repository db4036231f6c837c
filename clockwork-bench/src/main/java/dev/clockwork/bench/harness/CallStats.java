package dev.clockwork.bench.harness;

import dev.clockwork.bench.report.Figures;
import java.util.concurrent.atomic.AtomicLong;

/** Calls to one store method: how many, how many items they carried, how long they took. */
public final class CallStats {
  private final AtomicLong calls = new AtomicLong();
  private final AtomicLong items = new AtomicLong();
  private final AtomicLong nanos = new AtomicLong();

  public void add(int itemCount, long elapsedNanos) {
    calls.incrementAndGet();
    items.addAndGet(itemCount);
    nanos.addAndGet(elapsedNanos);
  }

  public long calls() {
    return calls.get();
  }

  public long items() {
    return items.get();
  }

  /** Total wall time spent in the calls, summed over threads. */
  public double seconds() {
    return nanos.get() / 1e9;
  }

  /** Mean wall time of one call, in milliseconds (0 without calls). */
  public double meanMillis() {
    long n = calls.get();
    return n == 0 ? 0 : nanos.get() / 1e6 / n;
  }

  /** "1,234 × 2.06 ms": how many calls, and the mean wall time of one. */
  public String brief() {
    return Figures.count(calls()) + " × " + Figures.millis(meanMillis() * 1e6);
  }

  /** Items per call (0 without calls). */
  public double itemsPerCall() {
    long n = calls.get();
    return n == 0 ? 0 : (double) items.get() / n;
  }
}
