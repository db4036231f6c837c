package dev.clockwork.runtime.internal.worker;

import dev.clockwork.runtime.internal.Listeners;
import dev.clockwork.runtime.store.Store;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether the queues are over the backpressure threshold, checked once per sweep interval ({@code
 * timers.sweep_interval}): while they are, workers claim only instances with queued events, and
 * timers wait. Every change is logged and told to the listeners.
 */
final class Backpressure {
  private static final Logger LOG = LoggerFactory.getLogger(Backpressure.class);

  private final Store store;
  private final long threshold;
  private final Listeners listeners;
  private volatile boolean over;

  Backpressure(Store store, long threshold, Listeners listeners) {
    this.store = store;
    this.threshold = threshold;
    this.listeners = listeners;
  }

  boolean over() {
    return over;
  }

  /** Checks the pending count against the threshold. */
  void check() {
    boolean now = store.queue().pendingAbove(threshold);
    if (now != over) {
      over = now;
      if (now) {
        LOG.warn(
            "timers wait: more than {} events pending (the backpressure threshold)", threshold);
      } else {
        LOG.info("timers fire again: the queues are back under {} pending events", threshold);
      }
      listeners.backpressure(now, threshold);
    }
  }
}
