package dev.clockwork.postgres.schedule;

import dev.clockwork.postgres.internal.Instants;
import dev.clockwork.schedule.store.StartScheduleIds;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;

/**
 * The purge of schedules deleted before a cut ({@code retention.schedule_audit}): their audit
 * events, skipped occurrences and buffered triggers, oldest deletion first, then the schedule rows
 * left with none of them. Every statement finds its schedules through the partial index of V24 on
 * deleted rows, so a pass with nothing due reads no live schedule and, once the rows are gone, no
 * deleted one either.
 */
final class DeletedSchedules {
  /** Deletes up to {@code ?} rows of {@code %1$s}, keyed by {@code %2$s}, of deleted schedules. */
  private static final String PURGE_ROWS =
      """
      DELETE FROM %1$s
       WHERE (namespace, schedule_id, %2$s) IN (
             SELECT r.namespace, r.schedule_id, r.%2$s
               FROM cw_schedules s
               JOIN %1$s r ON r.namespace = s.namespace AND r.schedule_id = s.schedule_id
              WHERE s.status = 'deleted' AND s.deleted_at < ?
              ORDER BY s.deleted_at, r.namespace, r.schedule_id, r.%2$s
              LIMIT ?)""";

  static final List<String> PURGES =
      List.of(
          PURGE_ROWS.formatted("cw_schedule_events", "sequence"),
          PURGE_ROWS.formatted("cw_schedule_skips", "sequence"),
          PURGE_ROWS.formatted("cw_schedule_buffer", "id"));

  /**
   * The rows of deleted schedules with nothing left (their ids become free again); a row with a
   * pending trigger stays until a tick has carried it out, a start schedule's for good ({@link
   * StartScheduleIds}).
   */
  static final String DROP_EMPTIED =
      """
      DELETE FROM cw_schedules
       WHERE (namespace, schedule_id) IN (
             SELECT s.namespace, s.schedule_id
               FROM cw_schedules s
              WHERE s.status = 'deleted' AND s.deleted_at < ? AND s.pending IS NULL
                AND s.schedule_id !~ '%s'
                AND NOT EXISTS (SELECT 1 FROM cw_schedule_events e
                                 WHERE e.namespace = s.namespace AND e.schedule_id = s.schedule_id)
                AND NOT EXISTS (SELECT 1 FROM cw_schedule_skips k
                                 WHERE k.namespace = s.namespace AND k.schedule_id = s.schedule_id)
                AND NOT EXISTS (SELECT 1 FROM cw_schedule_buffer b
                                 WHERE b.namespace = s.namespace AND b.schedule_id = s.schedule_id)
              ORDER BY s.deleted_at, s.namespace, s.schedule_id
              LIMIT ?)"""
          .formatted(StartScheduleIds.REGEX);

  private DeletedSchedules() {}

  /** Removes up to {@code limit} rows in all; returns how many it removed. */
  static int purge(Connection connection, Instant deletedBefore, int limit) throws SQLException {
    int removed = 0;
    for (String purge : PURGES) {
      removed += delete(connection, purge, deletedBefore, limit - removed);
    }
    return removed + delete(connection, DROP_EMPTIED, deletedBefore, limit - removed);
  }

  private static int delete(Connection connection, String sql, Instant deletedBefore, int limit)
      throws SQLException {
    if (limit <= 0) {
      return 0;
    }
    try (PreparedStatement delete = connection.prepareStatement(sql)) {
      delete.setObject(1, Instants.notAfter(deletedBefore));
      delete.setInt(2, limit);
      return delete.executeUpdate();
    }
  }
}
