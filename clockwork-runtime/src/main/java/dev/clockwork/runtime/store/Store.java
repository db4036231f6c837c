package dev.clockwork.runtime.store;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Where instances, their history and their armed timers live. Clockwork ships an in-memory store
 * (tests, demos) and a PostgreSQL store; both pass the same contract tests. Implement it only to
 * add a new storage backend.
 *
 * <p>Every method is atomic: a commit writes the instance, its history rows and its timer index
 * together or not at all.
 */
public interface Store {
  /**
   * Stores a new instance with its first history rows.
   *
   * @throws DuplicateInstanceException when the id is taken
   */
  void create(InstanceRecord record, List<HistoryEntry> history);

  Optional<InstanceRecord> find(String instanceId);

  /**
   * Replaces an instance with {@code next}, appends history and re-indexes its timers.
   *
   * @throws ConcurrentUpdateException when the stored revision is not {@code next.revision() - 1}
   */
  void commit(InstanceRecord next, List<HistoryEntry> history);

  /** Appends history without changing the instance (a failed event, a dropped fire). */
  void append(String instanceId, List<HistoryEntry> history);

  /**
   * Takes up to {@code limit} timers due at or before {@code now}, oldest due first, out of the
   * index so no other sweep takes them too. The fire is then processed as an ordinary event.
   */
  List<DueTimer> claimDueTimers(Instant now, int limit);

  /** The earliest due instant of any armed, unclaimed timer. */
  Optional<Instant> nextTimerDue();

  /** History rows with a sequence above {@code afterSequence}, oldest first. */
  List<HistoryEntry> history(String instanceId, long afterSequence, int limit);

  /** Ids of every stored instance of a machine (for operators and tests; not for hot paths). */
  List<String> instanceIds(String machine);
}
