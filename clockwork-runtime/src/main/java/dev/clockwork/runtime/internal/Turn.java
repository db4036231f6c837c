package dev.clockwork.runtime.internal;

import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.interpreter.Interpreter;
import dev.clockwork.core.interpreter.Snapshot;
import dev.clockwork.core.interpreter.StepResult;
import dev.clockwork.runtime.queue.AttemptError;
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
  private final List<QueuedEvent> deadLettered = new ArrayList<>(0);
  private final List<QueuedEvent> retried = new ArrayList<>(0);
  private final Delegation delegation;
  private final Emits emits;
  private final java.util.Set<String> callers;
  private final String caller;
  private final java.util.Map<String, Turn> nested = new java.util.LinkedHashMap<>(0);
  private final List<Broadcasts.Request> broadcasts = new ArrayList<>(0);
  private dev.clockwork.runtime.queue.Priority priority =
      dev.clockwork.runtime.queue.Priority.NORMAL;
  private StepResult last;

  public Turn(
      Lease lease, InstanceRecord stored, MachineDefinition definition, Delegation delegation) {
    this.lease = lease;
    this.delegation = delegation;
    this.emits = null;
    this.callers = java.util.Set.of();
    this.caller = null;
    this.stored = stored;
    this.record = stored;
    this.snapshot = SnapshotCodec.toSnapshot(definition, stored);
  }

  /**
   * A turn whose actions may emit synchronously; {@code callers} are the turns waiting on it,
   * {@code caller} (null for the start of a chain) the one whose emit started it.
   */
  Turn(
      Lease lease,
      InstanceRecord stored,
      MachineDefinition definition,
      Emits emits,
      java.util.Set<String> callers,
      String caller) {
    this.lease = lease;
    this.delegation = emits.delegation();
    this.emits = emits;
    this.callers = callers;
    this.caller = caller;
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
   * away when computing it took longer than {@code timeout} (null: no limit). Once the timeout has
   * passed, the processing thread is interrupted, so an action blocked in an interruptible wait or
   * I/O gives up; either way the event fails with an {@link
   * dev.clockwork.runtime.error.EventTimeoutException} (retryable).
   */
  public StepResult apply(Event event, Instant now, java.time.Duration timeout) {
    if (!snapshot.definition().knowsEvent(event.type())) {
      throw new dev.clockwork.runtime.error.UnknownEventException(
          snapshot.definition().id(), event.type(), snapshot.definition().events());
    }
    long started = System.nanoTime();
    List<String> before = new ArrayList<>(nested.keySet());
    StepResult result;
    try {
      TimeoutWatchdog.Watch watch = timeout == null ? null : TimeoutWatchdog.watch(timeout);
      try {
        result =
            Delegation.CANCEL.equals(event.type())
                ? Interpreter.cancel(snapshot, now)
                : Interpreter.transition(
                    snapshot,
                    event,
                    now,
                    emits == null ? null : emits.emitterFor(this, now, timeout));
      } catch (RuntimeException e) {
        if (watch != null && watch.fired()) {
          throw timedOut(event, started, timeout, e);
        }
        throw e;
      } finally {
        if (watch != null) {
          watch.close();
        }
      }
      if (timeout != null && System.nanoTime() - started > timeout.toNanos()) {
        throw timedOut(event, started, timeout, null);
      }
    } catch (RuntimeException e) {
      abandonNestedExcept(before);
      throw e;
    }
    List<QueuedEvent> sent = new ArrayList<>();
    for (QueuedEvent out : delegation.afterStep(record, result, now)) {
      sent.add("emit".equals(out.source()) ? out.withPriority(priority) : out);
    }
    for (dev.clockwork.core.interpreter.Effect effect : result.effects()) {
      if (effect instanceof dev.clockwork.core.interpreter.Effect.Broadcast broadcast) {
        broadcasts.add(new Broadcasts.Request(broadcast, priority));
      }
    }
    List<HistoryEntry> rows = HistoryRows.step(record, event, result, now);
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

  private static dev.clockwork.runtime.error.EventTimeoutException timedOut(
      Event event, long started, java.time.Duration timeout, Throwable cause) {
    java.time.Duration took = java.time.Duration.ofNanos(System.nanoTime() - started);
    return new dev.clockwork.runtime.error.EventTimeoutException(
        event.type(), took, timeout, cause);
  }

  /** Applies a queued event within {@code timeout} and marks its queue row consumed. */
  public StepResult apply(QueuedEvent queued, Instant now, java.time.Duration timeout) {
    priority = queued.priority();
    StepResult result = apply(queued.event(), now, timeout);
    if (queued.idempotencyKey() != null) {
      keep(queued.idempotencyKey());
    }
    consumed.add(queued.id());
    return result;
  }

  /**
   * Sends a queued event that failed for good to the dead letters with this turn's commit: its
   * failure goes into the history (and, for a child instance, to its parent), and the turn goes on
   * with the instance's next event.
   *
   * @param failed the event with the error of its last attempt, at {@code now}
   */
  public void deadLetter(QueuedEvent failed, Throwable cause, Instant now) {
    HistoryEntry failure = HistoryRows.failed(record, failed.event(), cause, now);
    record = record.withHistorySequence(failure.sequence());
    history.add(failure);
    deadLettered.add(failed.withConversationId(record.conversationId()));
    String error = failed.lastError().map(AttemptError::error).orElse(cause.getMessage());
    delegation.failed(record.id(), error, now).ifPresent(outgoing::add);
  }

  /**
   * Puts a queued event that failed an attempt back in its place with this turn's commit, to be
   * tried again at its availableAt; the turn ends there, since the events behind it wait.
   *
   * @param failed the event with the error of its last attempt and the time of its next one
   */
  public void retryLater(QueuedEvent failed) {
    retried.add(failed);
  }

  boolean inChain(String instanceId) {
    return instanceId.equals(record.id()) || callers.contains(instanceId);
  }

  java.util.Set<String> chainWithSelf() {
    java.util.Set<String> chain = new java.util.HashSet<>(callers);
    chain.add(record.id());
    return chain;
  }

  Turn nested(String instanceId) {
    return nested.get(instanceId);
  }

  void addNested(String instanceId, Turn turn) {
    nested.put(instanceId, turn);
  }

  /** Releases the nested turns started by a failed step; earlier ones stay. */
  private void abandonNestedExcept(List<String> keep) {
    for (java.util.Iterator<java.util.Map.Entry<String, Turn>> it = nested.entrySet().iterator();
        it.hasNext(); ) {
      java.util.Map.Entry<String, Turn> entry = it.next();
      if (!keep.contains(entry.getKey())) {
        entry.getValue().abandonAll();
        it.remove();
      }
    }
  }

  /** Gives up this turn's lease and its nested turns' (their work is not committed). */
  public void abandonAll() {
    nested.values().forEach(Turn::abandonAll);
    nested.clear();
    if (emits != null && !callers.isEmpty()) {
      emits.abandon(this);
    }
  }

  /**
   * What broadcasts this turn's steps asked for, each with the priority of the event whose handler
   * asked, to deliver after the commit.
   */
  public List<Broadcasts.Request> broadcasts() {
    List<Broadcasts.Request> all = new ArrayList<>(broadcasts);
    nested.values().forEach(n -> all.addAll(n.broadcasts()));
    return all;
  }

  /**
   * This turn's commit (when it changed anything) followed by those of the instances it emitted to
   * synchronously, which are released with it: one transaction for the whole chain.
   */
  public List<StepCommit> commits(boolean release) {
    List<StepCommit> all = new ArrayList<>();
    if (changed()) {
      all.add(commit(release));
    }
    for (Turn turn : nested.values()) {
      all.addAll(turn.commits(true));
    }
    return all;
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
    return record != stored || !retried.isEmpty();
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
        outcomes,
        caller,
        deadLettered,
        retried);
  }
}
