package dev.clockwork.postgres.schedule;

import dev.clockwork.postgres.internal.Instants;
import dev.clockwork.schedule.store.ScheduleRecord;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Claims the schedules a tick must evaluate, in one lock-and-fetch per kind: {@code UPDATE … WHERE
 * key IN (SELECT … FOR UPDATE SKIP LOCKED) RETURNING *}, so concurrent ticks on any number of nodes
 * never receive the same schedule. Due schedules come first, through the partial index {@code
 * cw_schedules_due}, whose range ends at "now": the cost follows due schedules, never all of them.
 * Schedules that only hold buffered triggers come after, through {@code cw_schedules_buffered},
 * then those holding pending triggers (any status), through {@code cw_schedules_pending}.
 *
 * <p>"Now" is the engine's, rounded down to the microsecond; a claim's expiry is rounded up. A
 * claimed row that cannot be read is left out and logged ({@link ScheduleRows#readClaimed}), so it
 * does not stop the others.
 */
final class ScheduleClaims {
  static final String CLAIM_DUE =
      """
      WITH due AS (
        SELECT namespace, schedule_id FROM cw_schedules
         WHERE status = 'active' AND next_fire_at IS NOT NULL AND next_fire_at <= ?
           AND (claimed_until IS NULL OR claimed_until <= ?)
         ORDER BY next_fire_at, namespace, schedule_id
         LIMIT ?
           FOR UPDATE SKIP LOCKED)
      UPDATE cw_schedules s SET claimed_by = ?, claimed_until = ?
        FROM due
       WHERE s.namespace = due.namespace AND s.schedule_id = due.schedule_id
      RETURNING s.*""";

  static final String CLAIM_BUFFERED =
      """
      WITH buffered AS (
        SELECT namespace, schedule_id FROM cw_schedules
         WHERE status = 'active' AND buffered_count > 0
           AND (checked_at IS NULL OR checked_at < ?)
           AND (claimed_until IS NULL OR claimed_until <= ?)
         ORDER BY next_fire_at NULLS LAST, namespace, schedule_id
         LIMIT ?
           FOR UPDATE SKIP LOCKED)
      UPDATE cw_schedules s SET claimed_by = ?, claimed_until = ?
        FROM buffered
       WHERE s.namespace = buffered.namespace AND s.schedule_id = buffered.schedule_id
      RETURNING s.*""";

  /**
   * Schedules holding triggers recorded and not carried out, whatever their status: a node died
   * between recording a trigger and starting its run.
   */
  static final String CLAIM_PENDING =
      """
      WITH pending AS (
        SELECT namespace, schedule_id FROM cw_schedules
         WHERE pending IS NOT NULL
           AND (claimed_until IS NULL OR claimed_until <= ?)
         ORDER BY namespace, schedule_id
         LIMIT ?
           FOR UPDATE SKIP LOCKED)
      UPDATE cw_schedules s SET claimed_by = ?, claimed_until = ?
        FROM pending
       WHERE s.namespace = pending.namespace AND s.schedule_id = pending.schedule_id
      RETURNING s.*""";

  /** Earliest next fire first (none last), then by key: the order a tick works in. */
  private static final Comparator<ScheduleRecord> ORDER =
      Comparator.comparing(
              ScheduleRecord::nextFireAt, Comparator.nullsLast(Comparator.naturalOrder()))
          .thenComparing(ScheduleRecord::namespace)
          .thenComparing(ScheduleRecord::scheduleId);

  private ScheduleClaims() {}

  /**
   * Claims up to {@code limit}: due schedules, then those with a buffer to check, then those with
   * pending triggers.
   */
  static List<ScheduleRecord> claim(
      Connection connection, Instant now, int limit, String owner, Duration leaseTime)
      throws SQLException {
    List<ScheduleRecord> claimed =
        new ArrayList<>(run(connection, CLAIM_DUE, now, limit, owner, leaseTime));
    claimed.sort(ORDER);
    if (claimed.size() < limit) {
      List<ScheduleRecord> buffered =
          new ArrayList<>(
              run(connection, CLAIM_BUFFERED, now, limit - claimed.size(), owner, leaseTime));
      buffered.sort(ORDER);
      claimed.addAll(buffered);
    }
    if (claimed.size() < limit) {
      List<ScheduleRecord> pending =
          new ArrayList<>(runPending(connection, now, limit - claimed.size(), owner, leaseTime));
      pending.sort(ORDER);
      claimed.addAll(pending);
    }
    return claimed;
  }

  private static List<ScheduleRecord> run(
      Connection connection, String sql, Instant now, int limit, String owner, Duration leaseTime)
      throws SQLException {
    try (PreparedStatement claim = connection.prepareStatement(sql)) {
      claim.setObject(1, Instants.notAfter(now));
      claim.setObject(2, Instants.notAfter(now));
      claim.setInt(3, limit);
      claim.setString(4, owner);
      claim.setObject(5, Instants.notBefore(now.plus(leaseTime)));
      return ScheduleRows.readClaimed(claim);
    }
  }

  private static List<ScheduleRecord> runPending(
      Connection connection, Instant now, int limit, String owner, Duration leaseTime)
      throws SQLException {
    try (PreparedStatement claim = connection.prepareStatement(CLAIM_PENDING)) {
      claim.setObject(1, Instants.notAfter(now));
      claim.setInt(2, limit);
      claim.setString(3, owner);
      claim.setObject(4, Instants.notBefore(now.plus(leaseTime)));
      return ScheduleRows.readClaimed(claim);
    }
  }
}
