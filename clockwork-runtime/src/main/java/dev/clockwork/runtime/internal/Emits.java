package dev.clockwork.runtime.internal;

import dev.clockwork.core.ClockworkException;
import dev.clockwork.core.behavior.Emitter;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.interpreter.StepResult;
import dev.clockwork.runtime.error.UnknownInstanceException;
import dev.clockwork.runtime.store.Claim;
import dev.clockwork.runtime.store.InstanceRecord;
import dev.clockwork.runtime.store.Store;
import java.time.Duration;
import java.time.Instant;
import java.util.function.BiFunction;

/**
 * Synchronous emits: the target instance is leased, processes the event inline in a nested turn,
 * and its reply goes back to the caller's action; the nested turn's commit joins the caller's, so
 * both land in one transaction or neither does. Chains nest; a cycle fails with a clear error. A
 * machine target is found (or created) in the caller's conversation first.
 */
public final class Emits {
  private final Store store;
  private final BiFunction<String, Integer, MachineDefinition> definitions;
  private final Delegation delegation;
  private final LeaseWaiter leases;

  public Emits(
      Store store,
      BiFunction<String, Integer, MachineDefinition> definitions,
      Delegation delegation,
      LeaseWaiter leases) {
    this.store = store;
    this.definitions = definitions;
    this.delegation = delegation;
    this.leases = leases;
  }

  public Delegation delegation() {
    return delegation;
  }

  /** A new top-level turn (the start of a chain). */
  public Turn turn(dev.clockwork.runtime.queue.Lease lease, InstanceRecord stored) {
    return new Turn(
        lease,
        stored,
        definitions.apply(stored.machine(), stored.version()),
        this,
        java.util.Set.of(),
        null);
  }

  /** The emitter the actions of {@code caller} use while it applies one event. */
  Emitter emitterFor(Turn caller, Instant now, Duration timeout) {
    return (to, event) -> {
      String target =
          to.inConversation() ? delegation.target(to, caller.record(), now).id() : to.instanceId();
      if (caller.inChain(target)) {
        throw new ClockworkException(
            "emit cycle: '"
                + caller.record().id()
                + "' emits to '"
                + target
                + "', which is already waiting in this chain; use emitAsync to break the cycle");
      }
      Turn nested = caller.nested(target);
      if (nested == null) {
        if (store.find(target).isEmpty()) {
          throw new UnknownInstanceException(target);
        }
        Claim claim = leases.lease(target);
        InstanceRecord record = claim.instance();
        nested =
            new Turn(
                claim.lease(),
                record,
                definitions.apply(record.machine(), record.version()),
                this,
                caller.chainWithSelf(),
                caller.record().id());
        caller.addNested(target, nested);
      }
      StepResult result = nested.apply(event, now, timeout);
      return result.reply().orElse(null);
    };
  }

  /** Gives up the lease of a nested turn whose work will not be committed. */
  void abandon(Turn nested) {
    store.release(nested.lease());
  }
}
