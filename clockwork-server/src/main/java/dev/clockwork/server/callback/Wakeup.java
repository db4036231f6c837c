package dev.clockwork.server.callback;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What the delivery worker waits on: the engine listener raises it with each queued API event that
 * reached an outcome, so a woken pass looks up the callbacks of those events only; past {@value
 * #MAX_HEARD} unread outcomes it stops keeping them and asks for a full sweep instead.
 */
final class Wakeup {
  static final int MAX_HEARD = 10_000;

  /** An event that reached its outcome. */
  record Heard(String instanceId, long eventId) {}

  private final Semaphore permits = new Semaphore(0);
  private final ConcurrentLinkedQueue<Heard> heard = new ConcurrentLinkedQueue<>();
  private final AtomicInteger size = new AtomicInteger();
  private final AtomicBoolean overflowed = new AtomicBoolean();

  /** Keeps {@code instanceId}'s event {@code eventId} for the next pass and wakes the worker. */
  void heard(String instanceId, long eventId) {
    if (size.incrementAndGet() <= MAX_HEARD) {
      heard.add(new Heard(instanceId, eventId));
    } else {
      size.decrementAndGet();
      overflowed.set(true);
    }
    wake();
  }

  /** Wakes the waiting worker (at most one pending wake is kept). */
  void wake() {
    if (permits.availablePermits() == 0) {
      permits.release();
    }
  }

  /** Waits until woken or {@code max} has passed; returns whether it was woken. */
  boolean await(Duration max) throws InterruptedException {
    boolean woken = permits.tryAcquire(max.toMillis(), TimeUnit.MILLISECONDS);
    permits.drainPermits();
    return woken;
  }

  /** The events heard since the last call, or null when some were dropped (sweep them all). */
  List<Heard> drain() {
    List<Heard> drained = new ArrayList<>();
    for (Heard next = heard.poll(); next != null; next = heard.poll()) {
      size.decrementAndGet();
      drained.add(next);
    }
    return overflowed.getAndSet(false) ? null : drained;
  }
}
