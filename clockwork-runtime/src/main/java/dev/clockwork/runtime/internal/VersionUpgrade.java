package dev.clockwork.runtime.internal;

import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.interpreter.InstanceStatus;
import dev.clockwork.core.interpreter.Interpreter;
import dev.clockwork.core.interpreter.StepResult;
import dev.clockwork.runtime.store.Claim;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.InstanceRecord;
import dev.clockwork.runtime.store.StepCommit;
import dev.clockwork.runtime.store.Store;
import java.time.Clock;
import java.time.Instant;
import java.util.List;

/**
 * Moves the active instances of a machine that run an older version onto the newest one, each under
 * its lease: waiting timers take the new durations, anchored on the same state entries.
 */
public final class VersionUpgrade {
  private VersionUpgrade() {}

  /** Upgrades every active instance of {@code latest}'s machine below its version. */
  public static int run(Store store, LeaseWaiter leases, Clock clock, MachineDefinition latest) {
    int moved = 0;
    for (String id : store.instanceIds(latest.id())) {
      InstanceRecord record = store.find(id).orElse(null);
      if (record == null
          || record.version() >= latest.version()
          || record.status() != InstanceStatus.ACTIVE) {
        continue;
      }
      Claim claim = leases.lease(id);
      InstanceRecord stored = claim.instance();
      Instant now = clock.instant();
      StepResult rearmed = Interpreter.rearm(SnapshotCodec.toSnapshot(latest, stored), now);
      List<HistoryEntry> rows = HistoryRows.step(stored, Event.of("@upgrade"), rearmed, now);
      InstanceRecord next =
          SnapshotCodec.next(
                  stored,
                  rearmed.snapshot(),
                  HistoryRows.lastSequence(rows, stored.historySequence()),
                  now)
              .withRevision(stored.revision() + 1);
      store.commit(List.of(new StepCommit(claim.lease(), next, rows, List.of(), List.of(), true)));
      moved++;
    }
    return moved;
  }
}
