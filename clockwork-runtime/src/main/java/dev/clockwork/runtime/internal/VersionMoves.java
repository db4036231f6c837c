package dev.clockwork.runtime.internal;

import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.interpreter.Delivery;
import dev.clockwork.core.interpreter.InstanceStatus;
import dev.clockwork.core.interpreter.Interpreter;
import dev.clockwork.core.interpreter.StateMapping;
import dev.clockwork.core.interpreter.StepResult;
import dev.clockwork.core.interpreter.UnmappedStatesException;
import dev.clockwork.runtime.store.Claim;
import dev.clockwork.runtime.store.InstanceRecord;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Predicate;

/**
 * Moves one active instance onto another version of its machine, under its lease like a turn, and
 * records the move in its history: an upgrade ({@code @upgrade}: the same states, timers re-armed
 * on the new durations) or a migration ({@code @migrate}: states mapped by an operator).
 */
public final class VersionMoves {
  private final Clock clock;
  private final TurnServices services;
  private final TurnEnd end;

  public VersionMoves(Clock clock, TurnServices services, TurnEnd end) {
    this.clock = clock;
    this.services = services;
    this.end = end;
  }

  /**
   * Moves an active instance running an older version onto {@code latest}: its waiting timers take
   * the new durations, anchored on the same state entries.
   *
   * @return true when it was moved
   */
  public boolean upgrade(String instanceId, MachineDefinition latest) {
    return move(
        instanceId,
        stored -> stored.version() < latest.version(),
        (stored, now) -> Interpreter.rearm(SnapshotCodec.toSnapshot(latest, stored), now),
        Event.of("@upgrade"));
  }

  /**
   * Moves an active instance on version {@code from} onto {@code to} through {@code mapping}.
   *
   * @return true when it was moved; false when it is no longer active on {@code from}
   * @throws UnmappedStatesException when its active states do not map (nothing changes)
   */
  public boolean migrate(
      String instanceId, MachineDefinition from, MachineDefinition to, StateMapping mapping) {
    return move(
        instanceId,
        stored -> stored.version() == from.version(),
        (stored, now) ->
            Interpreter.migrate(SnapshotCodec.toSnapshot(from, stored), to, mapping, now),
        Event.of(
            "@migrate",
            Map.of("from", from.version(), "to", to.version(), "mapping", mapping.paths())));
  }

  /**
   * Leases the instance, and when it is active and {@code movable}, replaces its snapshot by what
   * {@code step} makes of it and commits that with its history rows under {@code event}.
   */
  private boolean move(
      String instanceId,
      Predicate<InstanceRecord> movable,
      BiFunction<InstanceRecord, Instant, StepResult> step,
      Event event) {
    Chain chain = new Chain(instanceId);
    Claim claim = services.waiter().lease(instanceId, chain);
    InstanceRecord stored = claim.instance();
    Turn turn = Turn.leased(services, chain, claim.lease(), stored);
    if (stored.status() != InstanceStatus.ACTIVE || !movable.test(stored)) {
      end.abandon(chain, null);
      return false;
    }
    Instant now = clock.instant();
    StepResult moved;
    try {
      moved = step.apply(stored, now);
    } catch (RuntimeException e) {
      end.abandon(chain, null);
      throw e;
    }
    turn.replace(moved, HistoryRows.step(stored, event, moved, now, Delivery.NONE), now);
    return end.commit(chain, new TurnReports(turn));
  }
}
