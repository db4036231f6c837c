package dev.clockwork.runtime.store;

import dev.clockwork.runtime.queue.DeadLetter;
import dev.clockwork.runtime.queue.Lease;
import dev.clockwork.runtime.queue.QueuedEvent;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Where instances, their history, their event queues and their armed timers live. Clockwork ships
 * an in-memory store (tests, demos) and a PostgreSQL store; both pass the same contract tests.
 * Implement it only to add a storage backend.
 *
 * <p>Every method is atomic. Instances are processed under a {@link Lease}: at most one valid lease
 * per instance at any time, and writes made under a lease are refused once it is no longer valid.
 * Times are always the engine clock's, passed in — a store never reads a clock of its own.
 */
public interface Store {

  // ---- instances ----

  /**
   * Stores a new instance with its first history rows and indexes its timers.
   *
   * @throws DuplicateInstanceException when the id is taken
   */
  void create(InstanceRecord record, List<HistoryEntry> history);

  Optional<InstanceRecord> find(String instanceId);

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

  // ---- the per-instance queue ----

  /**
   * Appends an event to its instance's queue; durable when this returns. An event with an
   * idempotency key that was already used for the instance is not queued again: the first event's
   * id comes back instead.
   *
   * @return the event with its queue id (the first one's, for a duplicate key)
   */
  QueuedEvent enqueue(QueuedEvent event);

  /**
   * Appends events without idempotency keys to their instances' queues, all in one transaction (a
   * page of a broadcast); durable when this returns. An event for an instance that does not exist
   * is skipped.
   *
   * @return how many events were queued
   */
  int enqueueAll(List<QueuedEvent> events);

  /** The recorded outcome of the event sent to {@code instanceId} with {@code key}, if any. */
  Optional<java.util.Map<String, Object>> outcome(String instanceId, String key);

  /**
   * Leases up to {@code maxInstances} instances of the given machines whose head event is available
   * at {@code now} and which no valid lease holds (expired leases are taken over), with up to
   * {@code maxEvents} available events each, in queue order. Instances whose head event waits for a
   * retry are skipped — its later events wait too.
   *
   * @param machines the machines the caller can run; null for every machine
   */
  List<Claim> claim(
      String owner,
      Duration leaseTime,
      Instant now,
      int maxInstances,
      int maxEvents,
      Set<String> machines);

  /**
   * {@link #claim(String, Duration, Instant, int, int, Set)} under concurrency caps: no more than
   * {@code caps.get(machine)} instances of each machine are leased at once, counting the valid
   * leases every node holds (claimers of one capped machine take turns, so the cap holds across
   * nodes). Only the machines in {@code caps} are claimed.
   */
  List<Claim> claimWithinCaps(
      String owner,
      Duration leaseTime,
      Instant now,
      int maxInstances,
      int maxEvents,
      java.util.Map<String, Integer> caps);

  /** {@link #claim(String, Duration, Instant, int, int, Set)} for every machine. */
  default List<Claim> claim(
      String owner, Duration leaseTime, Instant now, int maxInstances, int maxEvents) {
    return claim(owner, leaseTime, now, maxInstances, maxEvents, null);
  }

  /**
   * Leases one instance for a synchronous send, whatever its queue holds; empty when another valid
   * lease holds it. The claim carries no events.
   */
  Optional<Claim> lease(String instanceId, String owner, Duration leaseTime, Instant now);

  /** Extends a lease; empty when it is no longer valid. */
  Optional<Lease> renew(Lease lease, Instant newExpiry);

  /** Gives up a lease (no effect when it is no longer valid). */
  void release(Lease lease);

  /**
   * Writes each commit atomically — instance (revision checked), history, consumed, retried and
   * outgoing queue rows, dead letters, timer index — as long as its lease is valid, in as few
   * transactions as the store can. Commits are decided in list order; one that is {@linkplain
   * StepCommit#partOf() part of} an earlier commit of the list that was refused is refused too (a
   * synchronous emit chain lands whole or not at all).
   *
   * @return the ids of instances whose commit was refused because their lease (or the lease of the
   *     commit they are part of) was lost
   */
  Set<String> commit(List<StepCommit> commits);

  /** Appends history rows under a lease without changing the instance (a failed sync send). */
  void appendHistory(Lease lease, List<HistoryEntry> rows);

  /** Events waiting in every queue (for backpressure and status). */
  long pendingEvents();

  /**
   * True when more than {@code threshold} events wait: the sweep's backpressure check, which a
   * store may answer without counting the whole queue.
   */
  default boolean pendingAbove(long threshold) {
    return pendingEvents() > threshold;
  }

  /** The earliest instant at which some queue's head event becomes available, if any waits. */
  Optional<Instant> nextEventAvailable(Instant now);

  /** Dead letters, oldest first. */
  List<DeadLetter> deadLetters(int limit);

  /** Waits until work may be available (an enqueue, a released lease) or {@code max} passes. */
  void awaitWork(Duration max) throws InterruptedException;

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
  List<DeadLetter> deadLetters(String machine, int limit);

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

  // ---- timers ----

  /**
   * Moves up to {@code limit} timers due at or before {@code now} into their instances' queues as
   * fire events, oldest due first. Each (instance, timer, state entry, due) is enqueued at most
   * once, however many sweeps run at the same time.
   *
   * @return the number of fires enqueued
   */
  int sweepDueTimers(Instant now, int limit, Set<String> machines);

  /** {@link #sweepDueTimers(Instant, int, Set)} for every machine. */
  default int sweepDueTimers(Instant now, int limit) {
    return sweepDueTimers(now, limit, null);
  }

  /**
   * Armed timers not yet swept, soonest first, for operators: of one machine (or all, when null)
   * and of states whose path starts with {@code statePrefix} (or all, when null).
   */
  List<TimerView> armedTimers(String machine, String statePrefix, int limit);

  /** The earliest due instant of any armed timer not yet swept. */
  Optional<Instant> nextTimerDue();
}
