package dev.clockwork.runtime.internal;

import dev.clockwork.core.interpreter.DispatchPolicy;
import dev.clockwork.runtime.config.ParallelDispatchConfig;
import dev.clockwork.runtime.config.QueueConfig;
import dev.clockwork.runtime.instance.NamespacedIds;
import dev.clockwork.runtime.queue.Lease;
import dev.clockwork.runtime.store.Store;
import java.util.function.Function;
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
  private final Function<String, ParallelDispatchConfig> parallel;

  public TurnServices(
      Store store,
      MachineRegistry machines,
      LocalLeases local,
      LeaseWaiter waiter,
      Function<String, ParallelDispatchConfig> parallel,
      Function<String, QueueConfig> queues) {
    this.store = store;
    this.machines = machines;
    this.local = local;
    this.waiter = waiter;
    this.parallel = parallel;
    this.delegation =
        new Delegation(store, machines, this::dispatchPolicy, m -> queues.apply(m).name());
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

  /** A machine's parallel dispatch settings. */
  public ParallelDispatchConfig parallel(String machine) {
    return parallel.apply(machine);
  }

  /** Whether (and with which region timeout) a machine's steps dispatch region entry actions. */
  DispatchPolicy dispatchPolicy(String machine) {
    ParallelDispatchConfig settings = parallel.apply(machine);
    return settings.enabled()
        ? DispatchPolicy.enabled(settings.regionTimeout())
        : DispatchPolicy.OFF;
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
      store.work().release(lease);
    } catch (RuntimeException e) {
      LOG.warn(
          "could not give up the lease on {} (it expires by itself): {}",
          NamespacedIds.readable(lease.instanceId()),
          e.getMessage());
    }
    local.release(lease.instanceId(), chain);
  }
}
