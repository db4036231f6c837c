package dev.clockwork.runtime.internal;

import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.interpreter.Interpreter;
import dev.clockwork.core.interpreter.StepResult;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.InstanceRecord;
import dev.clockwork.runtime.store.Store;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** Starts a new instance and stores it: the one way instances come to exist. */
public final class Creation {
  private Creation() {}

  /** The stored record and the step that started it. */
  public record Created(InstanceRecord record, StepResult started) {}

  /**
   * Creates an instance in {@code conversationId} whose history starts with an {@link
   * HistoryEntry.Kind#ORIGIN} row saying what started it (e.g. {@code ScheduleTriggered} with its
   * payload); {@code origin} may be null.
   */
  public static Created create(
      Store store,
      MachineDefinition definition,
      String id,
      String conversationId,
      Map<String, ?> input,
      Event origin,
      Instant now) {
    StepResult started = Interpreter.start(definition, input, now);
    List<HistoryEntry> history = HistoryRows.created(id, conversationId, started, origin, now);
    InstanceRecord record =
        SnapshotCodec.created(
            id, conversationId, started.snapshot(), HistoryRows.lastSequence(history, 0), now);
    store.create(record, history);
    return new Created(record, started);
  }
}
