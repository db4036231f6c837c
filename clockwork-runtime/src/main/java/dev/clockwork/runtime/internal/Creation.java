package dev.clockwork.runtime.internal;

import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.interpreter.DispatchPolicy;
import dev.clockwork.core.interpreter.Interpreter;
import dev.clockwork.core.interpreter.StepResult;
import dev.clockwork.runtime.instance.InstanceMetadata;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.InstanceRecord;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** Starts a new instance in memory: the one way instances come to exist (stored by a commit). */
public final class Creation {
  private Creation() {}

  /** The new record, its first history rows, and the step that started it. */
  public record Created(InstanceRecord record, List<HistoryEntry> history, StepResult started) {}

  /**
   * Starts an instance of {@code definition} in {@code conversationId}, carrying {@code metadata}
   * (its queue, labels, memo, search attributes): its initial states entered (their entry actions
   * run) at {@code now}. Its history starts with an {@link HistoryEntry.Kind#ORIGIN} row saying
   * what started it (e.g. {@code ScheduleTriggered} with its payload) when {@code origin} is not
   * null. Under a {@code dispatch} policy that is on, regions it dispatches are reported instead of
   * run (see {@link DispatchPolicy}).
   */
  public static Created start(
      MachineDefinition definition,
      String id,
      String conversationId,
      InstanceMetadata metadata,
      Map<String, ?> input,
      Event origin,
      Instant now,
      DispatchPolicy dispatch) {
    StepResult started =
        Interpreter.start(definition, input, now, Deliveries.of(id, 0, 1), dispatch);
    List<HistoryEntry> history = HistoryRows.created(id, conversationId, started, origin, now);
    InstanceRecord record =
        SnapshotCodec.created(
            id,
            conversationId,
            metadata,
            started.snapshot(),
            HistoryRows.lastSequence(history, 0),
            now);
    return new Created(record, history, started);
  }
}
