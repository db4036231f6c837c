package dev.clockwork.runtime.internal;

import dev.clockwork.core.ClockworkException;
import dev.clockwork.runtime.error.InstanceBusyException;
import dev.clockwork.runtime.store.Claim;
import dev.clockwork.runtime.store.Store;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;

/**
 * Takes an instance's lease for work done outside a claim (a synchronous send, an inline emit, an
 * upgrade), waiting up to the lock timeout. When another chain of this engine holds it, the wait is
 * for that chain to finish — woken the moment it does — and a wait that would close a circle of
 * chains makes the youngest give way ({@link GiveWay}); when another node holds it, the lease is
 * tried again with a growing pause. The wait is real elapsed time (a virtual clock does not move
 * while a thread waits); lease expiry is engine time.
 */
public final class LeaseWaiter {
  private static final Duration RECHECK = Duration.ofMillis(20);

  private final Store store;
  private final Clock clock;
  private final String owner;
  private final Duration leaseTime;
  private final Duration lockTimeout;
  private final LocalLeases local;

  public LeaseWaiter(
      Store store,
      Clock clock,
      String owner,
      Duration leaseTime,
      Duration lockTimeout,
      LocalLeases local) {
    this.store = store;
    this.clock = clock;
    this.owner = owner;
    this.leaseTime = leaseTime;
    this.lockTimeout = lockTimeout;
    this.local = local;
  }

  /** Leases {@code instanceId} for {@code chain}. */
  public Claim lease(String instanceId, Chain chain) {
    return lease(instanceId, chain, leaseTime, lockTimeout);
  }

  /**
   * Leases {@code instanceId} for {@code chain} for {@code leaseTime}, waiting up to {@code
   * lockTimeout} for whoever holds it.
   */
  public Claim lease(String instanceId, Chain chain, Duration leaseTime, Duration lockTimeout) {
    long deadline = System.nanoTime() + lockTimeout.toNanos();
    long pauseMillis = 1;
    try {
      while (true) {
        Optional<Claim> claim = store.work().lease(instanceId, owner, leaseTime, clock.instant());
        if (claim.isPresent()) {
          local.hold(instanceId, chain);
          return claim.get();
        }
        long remaining = deadline - System.nanoTime();
        if (remaining <= 0) {
          throw new InstanceBusyException(instanceId, lockTimeout);
        }
        Chain holder = local.holder(instanceId);
        if (holder != null && holder != chain) {
          chain.waitFor(instanceId);
          if (local.mustGiveWay(chain, instanceId)) {
            throw new GiveWay(instanceId);
          }
          holder.awaitFinish(Duration.ofNanos(Math.min(remaining, RECHECK.toNanos())));
        } else {
          Thread.sleep(Math.min(pauseMillis, Math.max(1, remaining / 1_000_000)));
          pauseMillis = Math.min(pauseMillis * 2, 50);
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ClockworkException("interrupted while waiting for instance " + instanceId, e);
    } finally {
      chain.waitFor(null);
    }
  }
}
