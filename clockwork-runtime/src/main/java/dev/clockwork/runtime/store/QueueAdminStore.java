package dev.clockwork.runtime.store;

import dev.clockwork.runtime.queue.DeadLetter;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.queue.RetriedDeadLetter;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The store's role that operators use on the queues: figures, pausing, dead letters, purges, and
 * looks at queued events, stuck leases and armed timers (SPI: a role of {@link Store}).
 */
public interface QueueAdminStore {

  /**
   * One machine's queue figures at {@code now} (leases valid at {@code now} count as processing).
   */
  QueueStats queueStats(String machine, Instant now);

  /**
   * Pauses a machine's queue on every node: events keep being accepted and stored, but no worker
   * claims the machine's instances until {@link #resume}.
   */
  void pause(String machine);

  void resume(String machine);

  boolean isPaused(String machine);

  /** One dead letter. */
  Optional<DeadLetter> deadLetter(long id);

  /**
   * Dead letters of one machine (all machines when null) and one namespace (all when null: {@link
   * dev.clockwork.runtime.instance.NamespacedIds#in}) with an id above {@code afterId}, oldest
   * first: a page of the dead letter queue, the next one after the last id of this one (0 for the
   * first page).
   */
  List<DeadLetter> deadLetters(String machine, String namespace, long afterId, int limit);

  /**
   * Moves a dead letter back to the end of its instance's queue, available at {@code availableAt},
   * with its attempt count reset (its past errors stay with it), and records the retry ({@link
   * #retriedDeadLetter}) in the same transaction.
   *
   * @return the queued event, empty when no such dead letter exists
   */
  Optional<QueuedEvent> retryDeadLetter(long id, Instant availableAt);

  /**
   * The record of the retry of dead letter {@code id}: the event it became. Empty when no dead
   * letter with that id was retried, or when the record was purged with the dead letters.
   */
  Optional<RetriedDeadLetter> retriedDeadLetter(long id);

  /**
   * Deletes dead letters of one machine (all when null) that died before {@code olderThan} (all
   * when null), and the records of retried ones ({@link #retriedDeadLetter}) whose retried event
   * became available before {@code olderThan} (all when null).
   *
   * @return how many dead letters were deleted
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

  /**
   * Leases held past their expiry at {@code now}, the longest expired first: instances whose worker
   * stopped renewing (crashed or hung) and that no worker has taken over yet.
   */
  List<ExpiredLease> expiredLeases(Instant now, int limit);

  /**
   * Armed timers, soonest first, for operators: of one machine (or all, when null), of instances in
   * {@code namespace} (all when null: {@link dev.clockwork.runtime.instance.NamespacedIds#in}) and
   * of the state {@code statePrefix} and its substates (or all, when null; {@code review} does not
   * match {@code reviewed}). Timers whose fire failed for good are not armed; a fire waiting for a
   * retry is listed at its retry instant.
   */
  default List<TimerView> armedTimers(
      String machine, String namespace, String statePrefix, int limit) {
    return armedTimers(machine, namespace, statePrefix, null, limit);
  }

  /**
   * A page of the armed timers of {@link #armedTimers(String, String, String, int)}: up to {@code
   * limit} of them in {@link TimerPosition#ORDER} (due instant, instance id, timer key) that come
   * after {@code after} (from the first when null). Paging from the last timer of each page to the
   * next lists every timer armed throughout exactly once.
   */
  List<TimerView> armedTimers(
      String machine, String namespace, String statePrefix, TimerPosition after, int limit);
}
