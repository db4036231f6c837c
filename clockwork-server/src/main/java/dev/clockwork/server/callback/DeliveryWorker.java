package dev.clockwork.server.callback;

import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The thread that runs {@link DeliveryRun}s: at once when woken (an event reached an outcome: a
 * pass over that event's callbacks), and a full sweep every poll interval as a safety net (outcomes
 * it was not woken for, due retries, other servers' expired leases, interrupted registrations).
 * Failures are logged and the next pass tries again.
 */
final class DeliveryWorker {
  private static final Logger LOG = LoggerFactory.getLogger(DeliveryWorker.class);

  private final DeliveryRun run;
  private final Wakeup wakeup;
  private final Duration pollInterval;
  private volatile boolean running;
  private Thread thread;

  DeliveryWorker(DeliveryRun run, Wakeup wakeup, Duration pollInterval) {
    this.run = run;
    this.wakeup = wakeup;
    this.pollInterval = pollInterval;
  }

  synchronized void start() {
    if (thread != null) {
      return;
    }
    running = true;
    thread = new Thread(this::loop, "clockwork-callbacks");
    thread.setDaemon(true);
    thread.start();
  }

  private void loop() {
    boolean full = true;
    long lastFull = System.nanoTime();
    while (running) {
      try {
        run.run(full);
      } catch (RuntimeException e) {
        LOG.warn("a callback pass failed; the next one tries again: {}", e.toString(), e);
      }
      try {
        boolean woken = wakeup.await(pollInterval);
        // elapsed time, not a clock reading: a full sweep at least every poll interval
        full = !woken || System.nanoTime() - lastFull >= pollInterval.toNanos();
        if (full) {
          lastFull = System.nanoTime();
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  /** Stops the thread, waiting for a pass in progress to finish (up to {@code max}). */
  synchronized void stop(Duration max) {
    if (thread == null) {
      return;
    }
    running = false;
    wakeup.wake();
    try {
      thread.join(max.toMillis());
      if (thread.isAlive()) {
        thread.interrupt();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    thread = null;
  }
}
