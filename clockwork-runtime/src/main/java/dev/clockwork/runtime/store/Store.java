package dev.clockwork.runtime.store;

import dev.clockwork.core.interpreter.InstanceStatus;
import dev.clockwork.runtime.audit.OperatorAction;
import dev.clockwork.runtime.instance.InstanceQuery;
import dev.clockwork.runtime.queue.DeadLetter;
import dev.clockwork.runtime.queue.EventStatus;
import dev.clockwork.runtime.queue.Lease;
import dev.clockwork.runtime.queue.QueuedEvent;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Where instances, their history, their event queues and their armed timers live. Clockwork ships
 * an in-memory store (tests, demos) and a PostgreSQL store; both pass the same contract tests.
 * Implement it only to add a storage backend.
 *
 * <p>Every method is atomic. Instances are processed under a {@link Lease}: at most one valid lease
 * per instance at any time, and writes made under a lease are refused once it is no longer valid. A
 * lease stops being valid when it is released or another owner takes it over (which an owner may do
 * once it has expired) — not by expiring alone: until someone takes it over, an expired lease still
 * renews and commits. Times are always the engine clock's, passed in — a store never judges time by
 * a clock of its own; a store several nodes share reports its clock ({@link #sharedTime}) so each
 * engine can set its clock by it.
 *
 * <p>An instance has work <em>due</em> at an instant when, with nothing holding it back, its
 * queue's head event is available or one of its armed timers is due. A queued event or a timer fire
 * that waits for a retry holds back everything behind it until its retry instant.
 */
public interface Store {

  // ---- instances ----

  Optional<InstanceRecord> find(String instanceId);

  /**
   * The status of each instance among {@code instanceIds} that exists ({@link #find}'s, for many
   * instances in one read where the store can): a schedule tick checks the previous runs of a whole
   * batch at once.
   */
  default Map<String, InstanceStatus> statuses(Collection<String> instanceIds) {
    Map<String, InstanceStatus> statuses = new HashMap<>();
    for (String id : instanceIds) {
      find(id).ifPresent(record -> statuses.put(id, record.status()));
    }
    return statuses;
  }

  /**
   * The oldest instance of {@code machine} in a conversation (ties broken by id), whatever its
   * status: the target of an emit addressed to a machine rather than an instance.
   */
  Optional<InstanceRecord> findInConversation(String conversationId, String machine);

  /** History rows with a sequence above {@code afterSequence}, oldest first. */
  List<HistoryEntry> history(String instanceId, long afterSequence, int limit);

  /**
   * Ids of the active instances of {@code machine} in {@code state} (a dotted path; an instance
   * counts when that state is active), above {@code afterId} in id order, at most {@code limit}:
   * the targets of a broadcast, found through an index.
   */
  List<String> instancesIn(String machine, String state, String afterId, int limit);

  /** Ids of the stored instances of a machine, sorted (for operators and tests). */
  List<String> instanceIds(String machine);

  /**
   * The instances {@code query} asks for, sorted by id: of its machine (every machine when null),
   * carrying each of its labels and search attributes (numbers compared by value), with an id above
   * its {@code afterId}, at most its {@code limit}. A store with indexes answers it through them.
   */
  List<InstanceRecord> instances(InstanceQuery query);

  /**
   * Stores a new instance with its first history rows: {@link #commit} of one insert.
   *
   * @throws DuplicateInstanceException when the id is taken
   */
  default void create(InstanceRecord record, List<HistoryEntry> history) {
    CommitResult result = commit(List.of(StepCommit.insert(record).history(history).build()));
    if (!result.written(record.id())) {
      throw new DuplicateInstanceException(record.id());
    }
  }

  // ---- the per-instance queue ----

  /**
   * Appends an event to its instance's queue; durable when this returns. Never waits for a lock
   * held by a turn in progress on that instance. An event with an idempotency key that was already
   * used for the instance is not queued again: the first event's id comes back instead. The key
   * keeps the event's {@link dev.clockwork.runtime.queue.EventFingerprint}: a key used again with
   * another event, or first used by a direct send, is refused.
   *
   * @return the event with its queue id (the first one's, for a duplicate key)
   * @throws dev.clockwork.runtime.error.UnknownInstanceException when the instance does not exist
   * @throws dev.clockwork.runtime.error.IdempotencyConflictException when the key was used for
   *     another event, or by a direct send
   */
  QueuedEvent enqueue(QueuedEvent event);

  /** The recorded outcome of the event sent to {@code instanceId} with {@code key}, if any. */
  Optional<Map<String, Object>> outcome(String instanceId, String key);

  /**
   * What is remembered of {@code key} used for {@code instanceId}: the event it was first used for,
   * that event's fingerprint, and its outcome once processed; empty when the key is unused. The
   * default knows outcomes only: stores that keep fingerprints override it.
   */
  default Optional<IdempotencyRecord> idempotencyRecord(String instanceId, String key) {
    return outcome(instanceId, key)
        .map(outcome -> new IdempotencyRecord(instanceId, key, 0, null, outcome));
  }

  /** Where the event {@code eventId} queued for {@code instanceId} is now; empty when unknown. */
  Optional<EventStatus> eventStatus(String instanceId, long eventId);

  /**
   * Leases up to {@code request.maxInstances()} instances of the requested machines that have work
   * due at {@code request.now()} and that no valid lease holds (expired leases are taken over),
   * best first: the priority of the head event (instances with only a due timer count as normal),
   * then how long the work has been due. Each comes with up to {@code maxEvents} available events
   * from the head of its queue, in queue order, stopping at the first that is not available. No
   * machine gets more instances leased than its cap, counting every node's valid leases; claimers
   * of one machine take turns, so the cap holds across nodes. Paused machines are not claimed, nor
   * instances in queues the request does not serve.
   */
  List<Claim> claim(ClaimRequest request);

  /**
   * Leases one instance for a synchronous send, whatever its queue holds; empty when another valid
   * lease holds it (or the instance does not exist). The claim carries no events.
   */
  Optional<Claim> lease(String instanceId, String owner, Duration leaseTime, Instant now);

  /** Extends a lease; empty when it is no longer valid. */
  Optional<Lease> renew(Lease lease, Instant newExpiry);

  /** Gives up a lease (no effect when it is no longer valid). */
  void release(Lease lease);

  /**
   * Writes commits in one transaction: per commit the instance (revision checked) or the inserted
   * instance, history, consumed, retried and outgoing queue rows, dead letters and broadcasts, and
   * gives the lease of each written commit up (a refused group keeps its leases: its caller gives
   * them up). A {@linkplain StepCommit#group() group} is written whole or not at all: it is refused
   * when one of its commits' leases is no longer valid, its revision is not one above the stored
   * one, an instance it inserts already exists, or the lease of the region job it finishes is no
   * longer valid. Region jobs a commit dispatches are stored with it (and a finished one deleted).
   * Inserts are written before any outgoing event, so an event may go to an instance its group
   * creates. Events to instances that do not exist are dropped (and logged).
   *
   * <p>When this throws, nothing was written.
   *
   * @return the refused groups, with the reason of each
   */
  CommitResult commit(List<StepCommit> commits);

  /**
   * Delivers broadcasts that commits wrote: for each, one queued event per active instance of its
   * machine in its state, a page of up to {@code pageSize} targets per transaction, each page's
   * events and the broadcast's progress written together, so a broadcast interrupted by a crash
   * goes on where it stopped and no target gets it twice.
   *
   * @return how many events were queued
   */
  int deliverBroadcasts(Instant now, int pageSize);

  /** Events waiting in every queue (for backpressure and status). */
  long pendingEvents();

  /**
   * Events waiting in one instance's queue, those waiting for a retry included (0 for an unknown
   * instance): read by the instance's key.
   */
  long pendingEvents(String instanceId);

  /**
   * True when more than {@code threshold} events wait: the backpressure check, which a store may
   * answer without counting the whole queue.
   */
  default boolean pendingAbove(long threshold) {
    return pendingEvents() > threshold;
  }

  /** {@link #nextDue(Instant, Set, Set)} in every queue. */
  default Optional<Instant> nextDue(Instant now, Set<String> machines) {
    return nextDue(now, machines, null);
  }

  /**
   * The earliest instant at which an instance of {@code machines} (every machine when null) in
   * {@code queues} (every queue when null) that no valid lease holds at {@code now}, and whose
   * machine's queue is not paused, has work due: its head event available, a timer due, or a retry.
   * May be before {@code now} (work waiting to be claimed).
   */
  Optional<Instant> nextDue(Instant now, Set<String> machines, Set<String> queues);

  /**
   * Waits until work may be available (an enqueue, a released lease, a stored or retried region
   * job) or {@code max} passes.
   */
  void awaitWork(Duration max) throws InterruptedException;

  /**
   * The current instant by the clock every node of a shared store agrees on (PostgreSQL's), or
   * empty for a store only one process uses. Engines measure their clock against it and run on it
   * (see {@code EngineBuilder.alignClockWithStore}), so a node whose own clock is wrong neither
   * fires timers early nor takes leases that have not expired.
   */
  default Optional<Instant> sharedTime() {
    return Optional.empty();
  }

  // ---- operating the queues ----

  /**
   * One machine's queue figures at {@code now} (leases valid at {@code now} count as processing).
   */
  QueueStats queueStats(String machine, Instant now);

  /** The machines with stored instances, sorted. */
  List<String> machines();

  /**
   * Pauses a machine's queue on every node: events keep being accepted and stored, but no worker
   * claims the machine's instances until {@link #resume}.
   */
  void pause(String machine);

  void resume(String machine);

  boolean isPaused(String machine);

  /** One dead letter. */
  Optional<DeadLetter> deadLetter(long id);

  /** Dead letters of one machine (all machines when null), oldest first. */
  default List<DeadLetter> deadLetters(String machine, int limit) {
    return deadLetters(machine, 0, limit);
  }

  /**
   * Dead letters of one machine (all machines when null) with an id above {@code afterId}, oldest
   * first: a page of the dead letter queue, the next one after the last id of this one.
   */
  List<DeadLetter> deadLetters(String machine, long afterId, int limit);

  /**
   * Leases held past their expiry at {@code now}, the longest expired first: instances whose worker
   * stopped renewing (crashed or hung) and that no worker has taken over yet.
   */
  List<ExpiredLease> expiredLeases(Instant now, int limit);

  /**
   * Moves a dead letter back to the end of its instance's queue, available at {@code availableAt},
   * with its attempt count reset (its past errors stay with it).
   *
   * @return the queued event, empty when no such dead letter exists
   */
  Optional<QueuedEvent> retryDeadLetter(long id, Instant availableAt);

  /**
   * Deletes dead letters of one machine (all when null) that died before {@code olderThan} (all
   * when null).
   *
   * @return how many were deleted
   */
  int purgeDeadLetters(String machine, Instant olderThan);

  /**
   * Deletes the pending events of a machine's queues that were enqueued before {@code olderThan}
   * (all when null); events being processed under a valid lease at {@code now} are kept.
   *
   * @return how many were deleted
   */
  int purgePending(String machine, Instant olderThan, Instant now);

  /**
   * A machine's queued events (waiting or waiting for a retry), in the order a {@code priority}
   * queue serves heads: highest priority first, then the longest waiting, at most {@code limit}.
   */
  List<QueuedEvent> queuedEvents(String machine, int limit);

  // ---- queue activity: what every engine processed, by the minute ----

  /**
   * Adds each sample's counts to its machine's minute (several engines add to one minute). Engines
   * report what they processed every few seconds, not per event.
   */
  void recordActivity(List<ActivitySample> samples);

  /** The sums of a machine's minutes in [{@code from}, {@code to}). */
  QueueActivity activity(String machine, Instant from, Instant to);

  /**
   * Deletes the activity minutes before {@code before}.
   *
   * @return how many minutes of machines were deleted
   */
  int purgeActivity(Instant before);

  // ---- parallel dispatch: region jobs ----

  /**
   * Leases up to {@code max} region jobs routed to one of {@code queues} (every queue when null) of
   * one of {@code machines} (every machine when null) that are available at {@code now} and that no
   * valid lease holds (expired leases are taken over), the longest available first. Jobs of one
   * instance are leased to different workers at once: they run concurrently.
   *
   * <p>A claim counts an attempt: the job comes back with {@code attempts} one higher (so a worker
   * that dies mid-job still used one up), and it is not available again before its lease expires
   * ({@code availableAt} is the lease's expiry).
   */
  List<JobClaim> claimJobs(
      String owner,
      Set<String> queues,
      Set<String> machines,
      int max,
      Duration leaseTime,
      Instant now);

  /**
   * Leases the region job {@code jobId} of {@code instanceId} when it is available at {@code now}
   * and no valid lease holds it (an expired one is taken over), counting an attempt as {@link
   * #claimJobs} does; empty otherwise. For running a chosen job by hand.
   */
  Optional<JobClaim> claimJob(
      String instanceId, long jobId, String owner, Duration leaseTime, Instant now);

  /**
   * The earliest instant at which a region job of {@code queues} (every queue when null) and of
   * {@code machines} (every machine when null) may be claimed: when it is available, or, for a
   * leased job, when its lease expires. May be before {@code now}.
   */
  Optional<Instant> nextJobDue(Set<String> queues, Set<String> machines, Instant now);

  /** The stored region jobs of one instance (of every instance when null), by id. */
  List<RegionJob> regionJobs(String instanceId);

  /**
   * Gives a job back after an attempt: its attempt count (the claim's, for a failed attempt; one
   * less to hand it back uncounted) and last error, available again at {@code availableAt}, its
   * lease given up. False (nothing written) when the lease is no longer valid.
   */
  boolean retryJob(JobLease lease, int attempts, String error, Instant availableAt);

  /**
   * Deletes a job whose work is no longer wanted (its instance left the state it was made for).
   * False (nothing written) when the lease is no longer valid.
   */
  boolean dropJob(JobLease lease);

  // ---- timers ----

  /**
   * Armed timers, soonest first, for operators: of one machine (or all, when null) and of the state
   * {@code statePrefix} and its substates (or all, when null; {@code review} does not match {@code
   * reviewed}). Timers whose fire failed for good are not armed; a fire waiting for a retry is
   * listed at its retry instant.
   */
  List<TimerView> armedTimers(String machine, String statePrefix, int limit);

  // ---- the operator audit ----

  /** Writes an operator action; returns it with the id the store gave it (ids only grow). */
  OperatorAction appendOperatorAction(OperatorAction action);

  /** Up to {@code limit} operator actions with an id below {@code beforeId}, newest first. */
  List<OperatorAction> operatorActions(long beforeId, int limit);
}
