package dev.clockwork.runtime.internal;

import dev.clockwork.core.ClockworkException;
import dev.clockwork.runtime.store.Claim;
import dev.clockwork.runtime.store.Store;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;

/**
 * Takes an instance's lease for work done outside the queue (a synchronous send, an inline emit),
 * waiting up to the lock timeout for a worker to finish with it. The wait is real elapsed time (a
 * virtual clock does not move while a thread waits); lease expiry is engine time.
 */
public final class LeaseWaiter {
  private final Store store;
  private final Clock clock;
  private final String owner;
  private final Duration leaseTime;
  private final Duration lockTimeout;

  public LeaseWaiter(
      Store store, Clock clock, String owner, Duration leaseTime, Duration lockTimeout) {
    this.store = store;
    this.clock = clock;
    this.owner = owner;
    this.leaseTime = leaseTime;
    this.lockTimeout = lockTimeout;
  }

  public Claim lease(String instanceId) {
    long deadline = System.nanoTime() + lockTimeout.toNanos();
    long sleepMillis = 1;
    while (true) {
      Optional<Claim> claim = store.lease(instanceId, owner, leaseTime, clock.instant());
      if (claim.isPresent()) {
        return claim.get();
      }
      if (System.nanoTime() - deadline >= 0) {
        throw new ClockworkException(
            "instance '"
                + instanceId
                + "' stayed busy for the lock timeout ("
                + lockTimeout
                + "); try again, or raise lockTimeout");
      }
      try {
        Thread.sleep(sleepMillis);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new ClockworkException("interrupted while waiting for instance " + instanceId, e);
      }
      sleepMillis = Math.min(sleepMillis * 2, 50);
    }
  }
}
