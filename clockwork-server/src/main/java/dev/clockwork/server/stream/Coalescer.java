package dev.clockwork.server.stream;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongSupplier;

/**
 * Turns any number of notifications into at most one run of an action per interval: the first
 * notification schedules a run (at once when the last run is an interval old, otherwise when it
 * will be); notifications until that run are folded into it; one arriving during a run schedules
 * the next.
 */
final class Coalescer {
  /** Runs a task after a delay (a scheduled executor; a hand-driven one in tests). */
  interface Scheduler {
    void schedule(Runnable task, Duration delay);
  }

  private final Duration interval;
  private final LongSupplier nanoTime;
  private final Scheduler scheduler;
  private final Runnable action;
  private final AtomicBoolean scheduled = new AtomicBoolean();
  private volatile long lastRun;
  private volatile boolean ranOnce;

  Coalescer(Duration interval, LongSupplier nanoTime, Scheduler scheduler, Runnable action) {
    this.interval = interval;
    this.nanoTime = nanoTime;
    this.scheduler = scheduler;
    this.action = action;
  }

  /** Something changed: the action runs once the interval allows. */
  void notifyChanged() {
    if (scheduled.compareAndSet(false, true)) {
      long wait = ranOnce ? lastRun + interval.toNanos() - nanoTime.getAsLong() : 0;
      scheduler.schedule(this::run, Duration.ofNanos(Math.max(0, wait)));
    }
  }

  private void run() {
    lastRun = nanoTime.getAsLong();
    ranOnce = true;
    scheduled.set(false);
    action.run();
  }
}
