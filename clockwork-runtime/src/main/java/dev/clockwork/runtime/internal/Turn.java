package dev.clockwork.runtime.internal;

import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.interpreter.Delivery;
import dev.clockwork.core.interpreter.Effect;
import dev.clockwork.core.interpreter.Interpreter;
import dev.clockwork.core.interpreter.Snapshot;
import dev.clockwork.core.interpreter.StepResult;
import dev.clockwork.runtime.error.EventTimeoutException;
import dev.clockwork.runtime.error.UnknownEventException;
import dev.clockwork.runtime.queue.Lease;
import dev.clockwork.runtime.queue.Priority;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.BroadcastRequest;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.InstanceRecord;
import dev.clockwork.runtime.store.JobLease;
import dev.clockwork.runtime.store.KeyedOutcome;
import dev.clockwork.runtime.store.RegionJob;
import dev.clockwork.runtime.store.StepCommit;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One instance's part of a {@link Chain}: events applied one macrostep each, accumulating what one
 * commit will write — the record, history, consumed and failed queue rows, outgoing events,
 * broadcasts. The snapshot is rebuilt from the stored record when the turn starts: nothing lives
 * only in memory between turns. A turn on an instance its chain created has no lease and commits as
 * an insert.
 */
public final class Turn {
  private final TurnServices services;
  private final Chain chain;
  private final Lease lease;
  private final InstanceRecord stored;
  private InstanceRecord record;
  private Snapshot snapshot;
  private StepResult last;
  private Priority priority = Priority.NORMAL;
  private boolean applying;
  private final List<HistoryEntry> history = new ArrayList<>();
  private final List<Long> consumed = new ArrayList<>();
  private final List<QueuedEvent> outgoing = new ArrayList<>(0);
  private final List<KeyedOutcome> outcomes = new ArrayList<>(0);
  private final List<QueuedEvent> deadLettered = new ArrayList<>(0);
  private final List<QueuedEvent> retried = new ArrayList<>(0);
  private final List<BroadcastRequest> broadcasts = new ArrayList<>(0);
  private final List<RegionJob> jobs = new ArrayList<>(0);
  private JobLease finishedJob;

  private Turn(
      TurnServices services,
      Chain chain,
      Lease lease,
      InstanceRecord stored,
      InstanceRecord current) {
    this.services = services;
    this.chain = chain;
    this.lease = lease;
    this.stored = stored;
    this.record = current;
    this.snapshot = SnapshotCodec.toSnapshot(definitionOf(services, current), current);
    chain.add(this);
  }

  /**
   * A turn on a stored instance, under {@code lease}. When the instance cannot be loaded (its
   * version is newer than this engine knows, its snapshot does not decode), the lease is given up
   * before the failure propagates, so the instance is not held until the lease expires.
   */
  static Turn leased(TurnServices services, Chain chain, Lease lease, InstanceRecord stored) {
    try {
      return new Turn(services, chain, lease, stored, stored);
    } catch (RuntimeException e) {
      services.giveUp(lease, chain);
      throw e;
    }
  }

  /** A turn on an instance the chain creates: its first rows are its creation's. */
  static Turn created(TurnServices services, Chain chain, Creation.Created created) {
    Turn turn = new Turn(services, chain, null, null, created.record());
    turn.history.addAll(created.history());
    return turn;
  }

  private static MachineDefinition definitionOf(TurnServices services, InstanceRecord record) {
    return services.machines().forInstance(record.id(), record.machine(), record.version());
  }

  /**
   * Applies one event at {@code now} as one macrostep. When it throws, nothing of it is kept — in
   * this turn or in any other turn of the chain — and the exception propagates: an event the
   * machine does not know ({@link UnknownEventException}), an action's failure, or {@link
   * EventTimeoutException} when it ran longer than {@code timeout} (null: no limit; past it the
   * processing thread is interrupted, so an action blocked in an interruptible wait gives up).
   */
  public StepResult apply(Event event, Instant now, Duration timeout, Delivery delivery) {
    MachineDefinition definition = snapshot.definition();
    if (!definition.knowsEvent(event.type())) {
      throw new UnknownEventException(definition.id(), event.type(), definition.events());
    }
    Savepoint savepoint = Savepoint.of(chain);
    long started = System.nanoTime();
    StepResult result;
    applying = true;
    try (TimeoutWatchdog.Watch watch = timeout == null ? null : TimeoutWatchdog.watch(timeout)) {
      try {
        result =
            Delegation.CANCEL.equals(event.type())
                ? Interpreter.cancel(snapshot, now)
                : TimerOperations.carries(event)
                    ? Interpreter.operate(
                        snapshot,
                        TimerOperations.of(event),
                        now,
                        services.emits().emitterFor(this, now, timeout),
                        delivery,
                        services.dispatchPolicy(record.machine()))
                    : Interpreter.transition(
                        snapshot,
                        event,
                        now,
                        services.emits().emitterFor(this, now, timeout),
                        delivery,
                        services.dispatchPolicy(record.machine()));
      } catch (RuntimeException e) {
        if (watch != null && watch.fired()) {
          throw timedOut(event, started, timeout, e);
        }
        throw e;
      }
      if (timeout != null && System.nanoTime() - started > timeout.toNanos()) {
        throw timedOut(event, started, timeout, null);
      }
      services.delegation().afterStep(this, result, now);
    } catch (RuntimeException e) {
      savepoint.rollback();
      throw e;
    } finally {
      applying = false;
    }
    for (Effect effect : result.effects()) {
      if (effect instanceof Effect.Broadcast b) {
        broadcasts.add(new BroadcastRequest(b.machine(), b.state(), b.event(), priority, id()));
      }
    }
    List<HistoryEntry> rows = HistoryRows.step(record, event, result, now, delivery);
    record =
        SnapshotCodec.next(
            record,
            result.snapshot(),
            HistoryRows.lastSequence(rows, record.historySequence()),
            now);
    snapshot = result.snapshot();
    history.addAll(rows);
    last = result;
    return result;
  }

  private static EventTimeoutException timedOut(
      Event event, long started, Duration timeout, Throwable cause) {
    Duration took = Duration.ofNanos(System.nanoTime() - started);
    return new EventTimeoutException(event.type(), took, timeout, cause);
  }

  // ---- what the step and its settlement add ----

  /** Sends {@code event} with this turn's commit; an emit inherits the handler's priority. */
  void send(QueuedEvent event) {
    outgoing.add("emit".equals(event.source()) ? event.withPriority(priority) : event);
  }

  /** Marks a queued event processed (or discarded): its row goes with the commit. */
  void consume(long queueId) {
    consumed.add(queueId);
  }

  void addHistory(HistoryEntry row) {
    history.add(row);
    record = record.withHistorySequence(row.sequence());
  }

  void deadLetter(QueuedEvent failed) {
    deadLettered.add(failed.withConversationId(record.conversationId()));
  }

  void retryLater(QueuedEvent failed) {
    retried.add(failed);
  }

  /**
   * Adds the job of a region the step dispatched, unless the step already left the region's initial
   * state: stored with the commit, its baseline the context {@code after} the step.
   */
  void dispatch(Effect.RegionDispatched region, Snapshot after, Instant now) {
    if (!Interpreter.regionPending(
        after,
        region.parallelState(),
        region.parallelEntry(),
        region.initialState(),
        region.initialEntry())) {
      return;
    }
    jobs.add(
        new RegionJob(
            0,
            id(),
            record.machine(),
            services.parallel(record.machine()).queue(),
            region.parallelState(),
            region.parallelEntry(),
            region.region(),
            region.initialState(),
            region.initialEntry(),
            after.context().asMap(),
            region.trigger(),
            0,
            now,
            now,
            null));
  }

  /** This turn applies the result of the job leased by {@code lease}: it is deleted with it. */
  void finishJob(JobLease lease) {
    finishedJob = lease;
  }

  /** True when this turn dispatched region jobs. */
  public boolean dispatched() {
    return !jobs.isEmpty();
  }

  /** Replaces the instance's state without a transition (a failed fire moved on, a rearm). */
  void replace(StepResult step, List<HistoryEntry> rows, Instant now) {
    record =
        SnapshotCodec.next(
            record, step.snapshot(), HistoryRows.lastSequence(rows, record.historySequence()), now);
    snapshot = step.snapshot();
    history.addAll(rows);
  }

  void setRecord(InstanceRecord next) {
    record = next;
  }

  void priority(Priority handled) {
    this.priority = handled;
  }

  Priority priority() {
    return priority;
  }

  /**
   * Records the last step's outcome under an idempotency key, with the fingerprint of the event it
   * answers, to be committed with the turn.
   */
  void keep(String idempotencyKey, String fingerprint) {
    Map<String, Object> outcome = new LinkedHashMap<>();
    outcome.put("handled", last.handled());
    outcome.put("states", record.leafPaths());
    outcome.put("reply", last.reply().orElse(null));
    outcomes.add(new KeyedOutcome(record.id(), idempotencyKey, outcome, fingerprint));
  }

  // ---- reading ----

  public String id() {
    return record.id();
  }

  public InstanceRecord record() {
    return record;
  }

  public Snapshot snapshot() {
    return snapshot;
  }

  public Lease lease() {
    return lease;
  }

  public Chain chain() {
    return chain;
  }

  public StepResult last() {
    return last;
  }

  boolean applying() {
    return applying;
  }

  boolean isNew() {
    return stored == null;
  }

  TurnServices services() {
    return services;
  }

  /** True when the commit would write anything. */
  public boolean changed() {
    return stored == null || record != stored || !retried.isEmpty() || finishedJob != null;
  }

  /** This turn's commit, in its chain's group: an update one revision up, or an insert. */
  StepCommit commit() {
    StepCommit.Builder builder =
        stored == null
            ? StepCommit.insert(record.withRevision(1))
            : StepCommit.update(lease, record.withRevision(stored.revision() + 1));
    return builder
        .group(chain.group())
        .history(history)
        .consumed(consumed)
        .outgoing(outgoing)
        .outcomes(outcomes)
        .deadLettered(deadLettered)
        .retried(retried)
        .broadcasts(broadcasts)
        .jobs(jobs)
        .finishedJob(finishedJob)
        .build();
  }

  // ---- savepoints ----

  /** What {@link #restore} needs to undo everything added after it was taken. */
  Mark mark() {
    return new Mark(
        record,
        snapshot,
        last,
        history.size(),
        consumed.size(),
        outgoing.size(),
        outcomes.size(),
        deadLettered.size(),
        retried.size(),
        broadcasts.size(),
        jobs.size());
  }

  void restore(Mark mark) {
    record = mark.record;
    snapshot = mark.snapshot;
    last = mark.last;
    truncate(history, mark.history);
    truncate(consumed, mark.consumed);
    truncate(outgoing, mark.outgoing);
    truncate(outcomes, mark.outcomes);
    truncate(deadLettered, mark.deadLettered);
    truncate(retried, mark.retried);
    truncate(broadcasts, mark.broadcasts);
    truncate(jobs, mark.jobs);
  }

  private static void truncate(List<?> list, int size) {
    list.subList(size, list.size()).clear();
  }

  /** A turn's state at a savepoint. */
  record Mark(
      InstanceRecord record,
      Snapshot snapshot,
      StepResult last,
      int history,
      int consumed,
      int outgoing,
      int outcomes,
      int deadLettered,
      int retried,
      int broadcasts,
      int jobs) {}
}
