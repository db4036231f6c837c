package dev.clockwork.runtime.internal;

import dev.clockwork.core.context.Context;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.definition.StateNode;
import dev.clockwork.core.interpreter.ActiveState;
import dev.clockwork.core.interpreter.Snapshot;
import dev.clockwork.runtime.instance.InstanceMetadata;
import dev.clockwork.runtime.store.InstanceRecord;
import dev.clockwork.runtime.store.StoredEntry;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** Converts between the interpreter's snapshots and the records a store keeps. */
public final class SnapshotCodec {
  private SnapshotCodec() {}

  /** Rebuilds the snapshot of a stored instance under {@code definition}. */
  public static Snapshot toSnapshot(MachineDefinition definition, InstanceRecord record) {
    List<ActiveState> active = new ArrayList<>(record.active().size());
    for (StoredEntry entry : record.active()) {
      StateNode state = entry.path().isEmpty() ? definition.root() : definition.state(entry.path());
      active.add(new ActiveState(state, entry.entryId(), entry.enteredAt()));
    }
    return Snapshot.restore(
        definition,
        active,
        Context.of(record.context()),
        record.timers(),
        record.lastEntryId(),
        record.status(),
        record.history());
  }

  /** The record for a new instance. */
  public static InstanceRecord created(
      String id,
      String conversationId,
      InstanceMetadata metadata,
      Snapshot snapshot,
      long historySequence,
      Instant now) {
    MachineDefinition definition = snapshot.definition();
    return new InstanceRecord(
        id,
        definition.id(),
        definition.version(),
        conversationId,
        entries(snapshot),
        snapshot.context().asMap(),
        snapshot.timers(),
        snapshot.lastEntryId(),
        snapshot.status(),
        1,
        historySequence,
        now,
        now,
        null,
        metadata,
        snapshot.history());
  }

  /** The record replacing {@code previous} after a step. */
  public static InstanceRecord next(
      InstanceRecord previous, Snapshot snapshot, long historySequence, Instant now) {
    return new InstanceRecord(
        previous.id(),
        previous.machine(),
        snapshot.definition().version(),
        previous.conversationId(),
        entries(snapshot),
        snapshot.context().asMap(),
        snapshot.timers(),
        snapshot.lastEntryId(),
        snapshot.status(),
        previous.revision() + 1,
        historySequence,
        previous.createdAt(),
        now,
        previous.fireRetry(),
        previous.metadata(),
        snapshot.history());
  }

  private static List<StoredEntry> entries(Snapshot snapshot) {
    List<ActiveState> active = snapshot.activeStates();
    List<StoredEntry> entries = new ArrayList<>(active.size());
    for (ActiveState state : active) {
      entries.add(new StoredEntry(state.path(), state.entryId(), state.enteredAt()));
    }
    return entries;
  }
}
