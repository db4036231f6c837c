package dev.clockwork.bench.harness;

import dev.clockwork.runtime.listener.EngineListener;
import dev.clockwork.runtime.listener.ProcessedEvent;
import dev.clockwork.runtime.listener.ProcessedEvent.Outcome;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * What a benchmark hears from its engines through the {@link EngineListener} seam (no store proxy):
 * claims and commits with their durations, every processed event by outcome and when the last one
 * was reported, and the lateness of timer fires (due instant → the commit that applied the fire, as
 * {@link ProcessedEvent} gives them on the engine clock). One probe may listen to several engines
 * (several nodes on one database). Events are reported once their commit is written, so "settled"
 * here means durable.
 */
public final class EngineProbe implements EngineListener {
  private final Predicate<String> watched;
  private final CallStats claims = new CallStats();
  private final CallStats emptyClaims = new CallStats();
  private final AtomicLong asked = new AtomicLong();
  private final CallStats commits = new CallStats();
  private final AtomicLong applied = new AtomicLong();
  private final AtomicLong retrying = new AtomicLong();
  private final AtomicLong deadLettered = new AtomicLong();
  private final AtomicLong discarded = new AtomicLong();
  private final AtomicLong fires = new AtomicLong();
  private final AtomicLong watchedApplied = new AtomicLong();
  private final AtomicLong lastProgressNanos = new AtomicLong();
  private final AtomicLong lastWatchedNanos = new AtomicLong();
  private final AtomicLong leasesLost = new AtomicLong();
  private final AtomicLong backpressureOn = new AtomicLong();
  private final Samples lateness = new Samples();
  private final AtomicLong settledCount = new AtomicLong();
  private final Object progress = new Object();

  /**
   * The settled count a waiter waits for; no wake-ups before it (one per event cost ~6 µs each).
   */
  private volatile long wakeAt = Long.MAX_VALUE;

  private final AtomicLong wakeUps = new AtomicLong();
  private volatile Consumer<ProcessedEvent> tap = e -> {};

  /** A probe that watches every instance. */
  public EngineProbe() {
    this(id -> true);
  }

  /**
   * @param watched the instances whose applied events are also counted on their own (the healthy
   *     ones among poisoned traffic)
   */
  public EngineProbe(Predicate<String> watched) {
    this.watched = watched;
  }

  /** Also hands every processed event to {@code consumer} (on the engine's thread; be quick). */
  public void tap(Consumer<ProcessedEvent> consumer) {
    this.tap = consumer;
  }

  @Override
  public void eventProcessed(ProcessedEvent event) {
    long now = System.nanoTime();
    boolean settled = event.outcome() != Outcome.RETRYING;
    // the times first: a reader that sees the counts complete sees the time of the last report
    if (settled) {
      lastProgressNanos.accumulateAndGet(now, Math::max);
    }
    boolean mine = event.outcome() == Outcome.APPLIED && watched.test(event.instanceId());
    if (mine) {
      lastWatchedNanos.accumulateAndGet(now, Math::max);
    }
    if ("timer".equals(event.source()) && event.outcome() == Outcome.APPLIED) {
      lateness.add(Duration.between(event.readyAt(), event.committedAt()).toNanos());
      fires.incrementAndGet();
    }
    switch (event.outcome()) {
      case APPLIED -> applied.incrementAndGet();
      case RETRYING -> retrying.incrementAndGet();
      case DEAD_LETTERED -> deadLettered.incrementAndGet();
      case DISCARDED -> discarded.incrementAndGet();
    }
    if (mine) {
      watchedApplied.incrementAndGet();
    }
    tap.accept(event);
    if (settled && settledCount.incrementAndGet() >= wakeAt) {
      synchronized (progress) {
        wakeAt = Long.MAX_VALUE;
        wakeUps.incrementAndGet();
        progress.notifyAll();
      }
    }
  }

  @Override
  public void committed(int turns, Duration took) {
    commits.add(turns, took.toNanos());
  }

  @Override
  public void claimed(int askedFor, int claimed, Duration took) {
    asked.addAndGet(askedFor);
    (claimed == 0 ? emptyClaims : claims).add(claimed, took.toNanos());
  }

  @Override
  public void leaseLost(String namespace, String instanceId, String machine) {
    leasesLost.incrementAndGet();
  }

  @Override
  public void backpressure(boolean over, long threshold) {
    if (over) {
      backpressureOn.incrementAndGet();
    }
  }

  /** Events applied, dead-lettered or discarded so far: settled for good. */
  public long settled() {
    return applied.get() + deadLettered.get() + discarded.get();
  }

  /**
   * Waits until {@code target} events have settled.
   *
   * @return the {@code nanoTime} at which the last of them was reported, or -1 when {@code limit}
   *     passed first
   */
  public long awaitSettled(long target, Duration limit) throws InterruptedException {
    long deadline = System.nanoTime() + limit.toNanos();
    synchronized (progress) {
      try {
        while (settled() < target) {
          long left = deadline - System.nanoTime();
          if (left <= 0) {
            return -1;
          }
          // the event that reaches the target wakes this thread; the timeout only bounds a miss
          wakeAt = target;
          if (settledCount.get() < target) {
            progress.wait(Math.max(1, Math.min(1_000, left / 1_000_000)));
          }
        }
      } finally {
        wakeAt = Long.MAX_VALUE;
      }
    }
    return lastProgressNanos.get();
  }

  /** How often a waiter was woken by an event: once per reached target, not once per event. */
  public long wakeUps() {
    return wakeUps.get();
  }

  public long applied() {
    return applied.get();
  }

  public long retrying() {
    return retrying.get();
  }

  public long deadLettered() {
    return deadLettered.get();
  }

  public long discarded() {
    return discarded.get();
  }

  /** Timer fires applied. */
  public long fires() {
    return fires.get();
  }

  /** Events of watched instances applied. */
  public long watchedApplied() {
    return watchedApplied.get();
  }

  /** When the last applied event of a watched instance was reported ({@code nanoTime}). */
  public long lastWatchedNanos() {
    return lastWatchedNanos.get();
  }

  /** Claims that leased at least one instance (items: instances leased). */
  public CallStats claims() {
    return claims;
  }

  /** Claims that found nothing to lease. */
  public CallStats emptyClaims() {
    return emptyClaims;
  }

  /** Instances asked for by every claim, empty ones included. */
  public long asked() {
    return asked.get();
  }

  /** Store commits (items: turns per commit). */
  public CallStats commits() {
    return commits;
  }

  public long leasesLost() {
    return leasesLost.get();
  }

  /** How often the queues went over the backpressure threshold. */
  public long backpressureEpisodes() {
    return backpressureOn.get();
  }

  /** Due instant → committed, in nanoseconds, of every timer fire applied. */
  public Samples lateness() {
    return lateness;
  }

  /**
   * "claims 212 × 3.10 ms (4.7 instances each; 12 empty × 1.20 ms), commits 200 × 9.84 ms (5.0
   * turns each)".
   */
  public String describeCalls() {
    return String.format(
        Locale.ROOT,
        "claims %,d × %.2f ms (%.1f instances each; %,d empty × %.2f ms), commits %,d × %.2f ms"
            + " (%.1f turns each)",
        claims.calls(),
        claims.meanMillis(),
        claims.itemsPerCall(),
        emptyClaims.calls(),
        emptyClaims.meanMillis(),
        commits.calls(),
        commits.meanMillis(),
        commits.itemsPerCall());
  }
}
