package dev.clockwork.server.callback;

import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/** A signal the delivery worker waits on, raised when an event reaches an outcome. */
final class Wakeup {
  private final Semaphore permits = new Semaphore(0);

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
}
