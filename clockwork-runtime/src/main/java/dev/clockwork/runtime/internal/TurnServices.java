package dev.clockwork.runtime.internal;

import dev.clockwork.runtime.queue.Lease;
import dev.clockwork.runtime.store.Store;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What turns work with: the store, the machines, what a step asks of other instances ({@link
 * Delegation}), synchronous emits ({@link Emits}) and the leases this engine's chains hold.
 */
public final class TurnServices {
  private static final Logger LOG = LoggerFactory.getLogger(TurnServices.class);

  private final Store store;
  private final MachineRegistry machines;
  private final LocalLeases local;
  private final LeaseWaiter waiter;
  private final Delegation delegation;
  private final Emits emits;

  public TurnServices(
      Store store, MachineRegistry machines, LocalLeases local, LeaseWaiter waiter) {
    this.store = store;
    this.machines = machines;
    this.local = local;
    this.waiter = waiter;
    this.delegation = new Delegation(store, machines);
    this.emits = new Emits(waiter, delegation);
  }

  Store store() {
    return store;
  }

  MachineRegistry machines() {
    return machines;
  }

  LocalLeases local() {
    return local;
  }

  LeaseWaiter waiter() {
    return waiter;
  }

  Delegation delegation() {
    return delegation;
  }

  Emits emits() {
    return emits;
  }

  /** Gives a turn's lease up without committing it (its work is thrown away). */
  void giveUp(Turn turn) {
    if (turn.lease() != null) {
      giveUp(turn.lease(), turn.chain());
    }
  }

  /** Gives {@code lease}, held for {@code chain}, up without committing anything. */
  void giveUp(Lease lease, Chain chain) {
    try {
      store.release(lease);
    } catch (RuntimeException e) {
      LOG.warn(
          "could not give up the lease on {} (it expires by itself): {}",
          lease.instanceId(),
          e.getMessage());
    }
    local.release(lease.instanceId(), chain);
  }
}
