package dev.clockwork.schedule.store;

import dev.clockwork.schedule.audit.ScheduleAuditEvent;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Where schedules, their audit streams, their skipped occurrences and their buffered triggers live.
 * Clockwork ships {@link dev.clockwork.schedule.store.memory.InMemoryScheduleStore}; implement this
 * only to add a storage backend, and run the contract tests ({@code ScheduleStoreContractTest} in
 * the runtime's test-jar) against it.
 *
 * <p>Every method is atomic. Times are always the engine clock's, passed in; a store never reads a
 * clock of its own. Designed for PostgreSQL:
 *
 * <ul>
 *   <li>schedules: primary key (namespace, schedule_id); an index on next_fire_at for active rows
 *       ({@code WHERE status = 'active'}), and a partial index on rows with buffered triggers;
 *   <li>{@link #claimDue}: {@code UPDATE schedules SET claimed_by = :owner, claimed_until = :now +
 *       :lease WHERE (namespace, schedule_id) IN (SELECT … WHERE status = 'active' AND
 *       (next_fire_at <= :now OR (buffered_count > 0 AND (checked_at IS NULL OR checked_at <
 *       :now))) AND (claimed_until IS NULL OR claimed_until <= :now) ORDER BY next_fire_at LIMIT
 *       :limit FOR UPDATE SKIP LOCKED) RETURNING *} — cost follows due rows, never all rows (rows
 *       with pending triggers are found through a partial index of their own);
 *   <li>{@link #commit}: one transaction: {@code UPDATE … WHERE namespace = ? AND schedule_id = ?
 *       AND revision = :expected} (zero rows: return false), then the audit rows numbered from a
 *       {@code last_audit_sequence} column of the locked row (unique (namespace, schedule_id,
 *       sequence)), the skipped rows likewise, and the buffer rows;
 *   <li>{@link #commitAll}: the rows locked in key order, then one {@code UPDATE … FROM unnest(…)}
 *       naming each row's expected revision, with the audit rows of those written, in one
 *       transaction;
 *   <li>audit, skipped and buffered rows are never deleted with the schedule (soft delete); only
 *       {@link #purgeDeleted} removes audit rows, of schedules deleted long enough ago (an index on
 *       {@code deleted_at} of deleted rows finds them).
 * </ul>
 */
public interface ScheduleStore {

  /**
   * Stores a new schedule and its first audit event, numbered 1.
   *
   * @return the audit event as written
   * @throws DuplicateScheduleException when the id is taken in the namespace, even by a deleted
   *     schedule
   */
  ScheduleAuditEvent create(ScheduleRecord record, ScheduleAuditEvent created);

  /** The schedule, deleted or not. */
  Optional<ScheduleRecord> find(String namespace, String scheduleId);

  /**
   * Schedules of a namespace sorted by id, starting after {@code afterScheduleId} (null: from the
   * first).
   */
  List<ScheduleRecord> list(
      String namespace, boolean includeDeleted, String afterScheduleId, int limit);

  /**
   * Claims up to {@code limit} schedules that a tick at {@code now} must evaluate — active and due
   * ({@code nextFireAt <= now}), active and holding buffered triggers not yet checked at {@code
   * now}, or, whatever their status, holding {@linkplain ScheduleRecord#pending() pending triggers}
   * — and that no unexpired claim holds; earliest {@code nextFireAt} first. A claim lasts until
   * {@code now + leaseTime} or until a commit or {@link #release} gives it up. Concurrent callers
   * never receive the same schedule while a claim holds.
   */
  List<ScheduleRecord> claimDue(Instant now, int limit, String owner, Duration leaseTime);

  /**
   * Writes a {@link ScheduleCommit} atomically when the stored revision is the expected one.
   *
   * @return false, writing nothing, when the schedule changed since it was read (or is unknown)
   */
  boolean commit(ScheduleCommit commit);

  /**
   * Writes commits of distinct schedules, each as {@link #commit} writes one — atomically, and only
   * when its schedule's stored revision is the expected one — in as few round trips as the store
   * can: a tick writes the triggers of a whole claimed batch at once. One commit that loses its row
   * leaves the others written. A store may write them all in one transaction.
   *
   * <p>When this throws, any of them may have been written (a store writing one by one stopped at
   * the failure); each write names the revision it read, so writing one again only loses.
   *
   * @return per commit, in order, whether it was written
   */
  default List<Boolean> commitAll(List<ScheduleCommit> commits) {
    List<Boolean> written = new ArrayList<>(commits.size());
    for (ScheduleCommit commit : commits) {
      written.add(commit(commit));
    }
    return written;
  }

  /** Gives up {@code owner}'s claim on a schedule without changing it. */
  void release(String namespace, String scheduleId, String owner);

  /** Audit events with a sequence above {@code afterSequence}, oldest first. */
  List<ScheduleAuditEvent> history(
      String namespace, String scheduleId, long afterSequence, int limit);

  /** Skipped occurrences with a sequence above {@code afterSequence}, oldest first. */
  List<SkippedOccurrence> skipped(
      String namespace, String scheduleId, long afterSequence, int limit);

  /** The buffer, oldest occurrence first. */
  List<BufferedTrigger> buffered(String namespace, String scheduleId);

  /** The earliest next fire of any active schedule (to sleep until, or to step virtual time). */
  Optional<Instant> nextFireAt();

  /**
   * Removes up to {@code limit} rows of schedules deleted before {@code deletedBefore} ({@code
   * retention.schedule_audit}), the schedules deleted longest ago first: their audit events, then
   * their skipped occurrences, then their buffered triggers, then the rows of those schedules left
   * with none of these and no pending trigger (their ids become free again) — except start
   * schedules' rows ({@link StartScheduleIds}), which stay to record that a newer version cancelled
   * them. Live schedules' rows and those of schedules deleted since stay. One short transaction; a
   * call with nothing due removes nothing and reads no live schedule.
   *
   * @return the rows removed, schedule rows included
   */
  int purgeDeleted(Instant deletedBefore, int limit);
}
