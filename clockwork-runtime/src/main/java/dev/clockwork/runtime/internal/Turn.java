package dev.clockwork.runtime.internal;

import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.interpreter.Interpreter;
import dev.clockwork.core.interpreter.Snapshot;
import dev.clockwork.core.interpreter.StepResult;
import dev.clockwork.runtime.queue.Lease;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.InstanceRecord;
import dev.clockwork.runtime.store.StepCommit;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * One leased instance's turn: events applied one macrostep each, accumulating the record, history
 * and consumed queue rows that one commit will write. The snapshot is rebuilt from the stored
 * record at the start of every turn — nothing lives only in memory between turns.
 */
public final class Turn {
  private final Lease lease;
  private final InstanceRecord stored;
  private InstanceRecord record;
  private Snapshot snapshot;
  private final List<HistoryEntry> history = new ArrayList<>();
  private final List<Long> consumed = new ArrayList<>();
  private final List<QueuedEvent> outgoing = new ArrayList<>(0);
  private final List<dev.clockwork.runtime.store.KeyedOutcome> outcomes = new ArrayList<>(0);
  private final Delegation delegation;
  private StepResult last;

  public Turn(
      Lease lease, InstanceRecord stored, MachineDefinition definition, Delegation delegation) {
    this.lease = lease;
    this.delegation = delegation;
    this.stored = stored;
    this.record = stored;
    this.snapshot = SnapshotCodec.toSnapshot(definition, stored);
  }

  /**
   * Applies one event at {@code now}. When the interpreter throws, nothing of this event is kept
   * and the exception propagates; earlier events of the turn stay applied.
   */
  public StepResult apply(Event event, Instant now) {
    return apply(event, now, null);
  }

  /**
   * Applies one event, refusing it when the machine takes no such event, and throwing its result
   * away when computing it took longer than {@code timeout} (null: no limit).
   */
  public StepResult apply(Event event, Instant now, java.time.Duration timeout) {
    if (!snapshot.definition().knowsEvent(event.type())) {
      throw new dev.clockwork.runtime.UnknownEventException(
          snapshot.definition().id(), event.type(), snapshot.definition().events());
    }
    long started = System.nanoTime();
    StepResult result =
        Delegation.CANCEL.equals(event.type())
            ? Interpreter.cancel(snapshot, now)
            : Interpreter.transition(snapshot, event, now);
    if (timeout != null) {
      java.time.Duration took = java.time.Duration.ofNanos(System.nanoTime() - started);
      if (took.compareTo(timeout) > 0) {
        throw new dev.clockwork.runtime.EventTimeoutException(event.type(), took, timeout);
      }
    }
    List<QueuedEvent> sent = delegation.afterStep(record.id(), result, now);
    List<HistoryEntry> rows =
        HistoryRows.step(record.id(), record.historySequence(), event, result, now);
    record =
        SnapshotCodec.next(
            record,
            result.snapshot(),
            HistoryRows.lastSequence(rows, record.historySequence()),
            now);
    snapshot = result.snapshot();
    history.addAll(rows);
    outgoing.addAll(sent);
    last = result;
    return result;
  }

  /** Applies a queued event within {@code timeout} and marks its queue row consumed. */
  public StepResult apply(QueuedEvent queued, Instant now, java.time.Duration timeout) {
    StepResult result = apply(queued.event(), now, timeout);
    if (queued.idempotencyKey() != null) {
      keep(queued.idempotencyKey());
    }
    consumed.add(queued.id());
    return result;
  }

  /** Records the last step's outcome under an idempotency key, to be committed with the turn. */
  public void keep(String idempotencyKey) {
    java.util.Map<String, Object> outcome = new java.util.LinkedHashMap<>();
    outcome.put("handled", last.handled());
    outcome.put("states", record.leafPaths());
    outcome.put("reply", last.reply().orElse(null));
    outcomes.add(
        new dev.clockwork.runtime.store.KeyedOutcome(record.id(), idempotencyKey, outcome));
  }

  public boolean changed() {
    return record != stored;
  }

  public InstanceRecord record() {
    return record;
  }

  public Lease lease() {
    return lease;
  }

  public StepResult last() {
    return last;
  }

  /**
   * The commit of everything applied so far: one revision above the stored record, however many
   * events the turn applied.
   */
  public StepCommit commit(boolean release) {
    return new StepCommit(
        lease,
        record.withRevision(stored.revision() + 1),
        history,
        consumed,
        outgoing,
        release,
        outcomes);
  }
}
