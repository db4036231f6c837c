package dev.clockwork.runtime.internal.worker;

import dev.clockwork.runtime.instance.NamespacedIds;
import dev.clockwork.runtime.internal.Chain;
import dev.clockwork.runtime.internal.Listeners;
import dev.clockwork.runtime.internal.LocalLeases;
import dev.clockwork.runtime.queue.Lease;
import dev.clockwork.runtime.store.Store;
import java.time.Clock;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Renews the leases of the chains this engine is working on, every third of the lease time, so slow
 * actions do not lose them. A renewal that fails while the chain is still working means the lease
 * was really lost (another node took the instance over) and is reported; one that fails because the
 * chain's commit just gave the lease up is not.
 */
final class Heartbeat {
  private static final Logger LOG = LoggerFactory.getLogger(Heartbeat.class);

  private final Store store;
  private final Clock clock;
  private final LocalLeases local;
  private final Duration leaseTime;
  private final Listeners listeners;

  Heartbeat(Store store, Clock clock, LocalLeases local, Duration leaseTime, Listeners listeners) {
    this.store = store;
    this.clock = clock;
    this.local = local;
    this.leaseTime = leaseTime;
    this.listeners = listeners;
  }

  Duration every() {
    return leaseTime.dividedBy(3);
  }

  /** One renewal round. */
  void beat() {
    for (Chain chain : local.chains()) {
      if (chain.committing()) {
        continue;
      }
      for (Lease lease : chain.leases()) {
        if (store.work().renew(lease, clock.instant().plus(leaseTime)).isEmpty()
            && !chain.committing()) {
          String id = lease.instanceId();
          LOG.warn("lease on {} was lost while it was being processed", NamespacedIds.readable(id));
          listeners.leaseLost(
              NamespacedIds.namespaceOf(id), NamespacedIds.idOf(id), chain.machineOf(id));
        }
      }
    }
  }
}
