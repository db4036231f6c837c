package dev.clockwork.runtime.internal;

import dev.clockwork.core.ClockworkException;
import dev.clockwork.core.behavior.Emitter;
import dev.clockwork.core.interpreter.StepResult;
import dev.clockwork.runtime.store.Claim;
import java.time.Duration;
import java.time.Instant;

/**
 * Synchronous emits: the target instance joins the caller's chain — leased (waiting for another
 * chain of this engine to finish with it, or giving way when two chains would wait for each other),
 * or created in the chain — and processes the event inline; its reply goes back to the caller's
 * action, and its commit joins the caller's group, so both land together or neither does. Chains
 * nest; an emit back to an instance that is waiting in the chain fails with a clear error.
 */
final class Emits {
  private final LeaseWaiter leases;
  private final Delegation delegation;

  Emits(LeaseWaiter leases, Delegation delegation) {
    this.leases = leases;
    this.delegation = delegation;
  }

  /** The emitter the actions of {@code caller} use while it applies one event. */
  Emitter emitterFor(Turn caller, Instant now, Duration timeout) {
    return (to, event) -> {
      Delegation.Resolved resolved = delegation.target(to, caller, now);
      String target = resolved.record().id();
      Turn turn = resolved.turn();
      if (turn != null && turn.applying()) {
        throw new ClockworkException(
            "emit cycle: '"
                + caller.id()
                + "' emits to '"
                + target
                + "', which is already waiting in this chain; use emitAsync to break the cycle");
      }
      if (turn == null) {
        Claim claim = leases.lease(target, caller.chain());
        turn = Turn.leased(caller.services(), caller.chain(), claim.lease(), claim.instance());
      }
      turn.priority(caller.priority());
      StepResult result = turn.apply(event, now, timeout, Deliveries.of(target, 0, 1));
      return result.reply().orElse(null);
    };
  }
}
