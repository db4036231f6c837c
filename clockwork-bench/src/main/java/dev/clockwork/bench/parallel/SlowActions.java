package dev.clockwork.bench.parallel;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * What the benchmark's entry actions do: park for their time ({@link Thread#sleep}, as an action
 * waiting on a remote call would, using no CPU), counting how many run at once and the most that
 * ever did, and telling {@link JobTimings} when each began and ended.
 */
final class SlowActions {
  private final AtomicInteger now = new AtomicInteger();
  private final AtomicInteger most = new AtomicInteger();
  private final AtomicInteger ran = new AtomicInteger();
  private final JobTimings timings;

  SlowActions(JobTimings timings) {
    this.timings = timings;
  }

  /** Parks for {@code millis}; the region's entry action. */
  void run(String region, long millis) {
    most.accumulateAndGet(now.incrementAndGet(), Math::max);
    long started = System.nanoTime();
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("action of " + region + " interrupted", e);
    } finally {
      long ended = System.nanoTime();
      now.decrementAndGet();
      ran.incrementAndGet();
      timings.action(region, started, ended);
    }
  }

  /** The most actions that ran at once. */
  int most() {
    return most.get();
  }

  /** Actions run (to their end, or interrupted). */
  int ran() {
    return ran.get();
  }
}
