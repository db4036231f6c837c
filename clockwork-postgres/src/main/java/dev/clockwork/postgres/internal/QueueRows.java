package dev.clockwork.postgres.internal;

import dev.clockwork.postgres.internal.json.EventJson;
import dev.clockwork.runtime.queue.Priority;
import dev.clockwork.runtime.queue.QueuedEvent;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

/**
 * The per-instance queues ({@code cw_queue}): rows leaving them (consumed or dead-lettered), rows
 * put back for a retry, and how many wait. Rows come in through {@link Enqueues}. Whoever removes
 * or delays rows holds the instance row's lock and recomputes its head afterwards.
 */
public final class QueueRows {
  /** The channel enqueues, commits and releases notify, and idle workers listen on. */
  public static final String CHANNEL = "clockwork_work";

  /** Queue ids are unique across instances: both arrays together use the primary key. */
  private static final String REMOVE =
      """
      DELETE FROM cw_queue
       WHERE instance_id = ANY (CAST(? AS text[])) AND id = ANY (CAST(? AS bigint[]))
      """;

  private static final String RETRY_LATER =
      """
      UPDATE cw_queue q
         SET attempts = r.attempts, available_at = CAST(r.available_at AS timestamptz),
             errors = CAST(r.errors AS jsonb)
        FROM unnest(CAST(? AS text[]), CAST(? AS bigint[]), CAST(? AS int[]), CAST(? AS text[]),
                    CAST(? AS text[]))
             AS r(instance_id, id, attempts, available_at, errors)
       WHERE q.instance_id = r.instance_id AND q.id = r.id
      """;

  private static final String PENDING = "SELECT count(*) FROM cw_queue";

  /** One instance's queue: a range of the primary key (instance_id, id). */
  private static final String PENDING_OF = "SELECT count(*) FROM cw_queue WHERE instance_id = ?";

  /** How far over twice the threshold the estimate must be for the check to trust it. */
  static final long ESTIMATE_MARGIN = 10_000;

  /**
   * The backpressure check. Far over the threshold — the statistics' count of live queue rows (kept
   * by every committed insert and delete, a second or so behind) exceeds twice the threshold plus
   * {@link #ESTIMATE_MARGIN} — the answer is yes without reading the queue; otherwise the rows are
   * counted, no further than needed. The count reads up to {@code threshold + 1} rows (and the dead
   * ones between them), which under backpressure was ~500–800 pages every sweep interval; near or
   * under the threshold it is exact, so a stale estimate (a large queue emptied in the last second)
   * can only keep timers waiting a sweep longer.
   */
  static final String PENDING_ABOVE =
      """
      SELECT CASE WHEN pg_stat_get_live_tuples(CAST('cw_queue' AS regclass)) > ? THEN true
                  ELSE (SELECT count(*) > ? FROM (SELECT 1 FROM cw_queue LIMIT ?) AS waiting) END
      """;

  private final Jdbc jdbc;

  public QueueRows(Jdbc jdbc) {
    this.jdbc = jdbc;
  }

  public long pendingEvents() {
    return jdbc.autoCommit(
        "count the pending events",
        connection -> {
          try (PreparedStatement count = connection.prepareStatement(PENDING);
              ResultSet rs = count.executeQuery()) {
            rs.next();
            return rs.getLong(1);
          }
        });
  }

  public long pendingEvents(String instanceId) {
    return jdbc.autoCommit(
        "count the pending events of '" + instanceId + "'",
        connection -> {
          try (PreparedStatement count = connection.prepareStatement(PENDING_OF)) {
            count.setString(1, instanceId);
            try (ResultSet rs = count.executeQuery()) {
              rs.next();
              return rs.getLong(1);
            }
          }
        });
  }

  public boolean pendingAbove(long threshold) {
    return jdbc.autoCommit(
        "check the pending events against " + threshold,
        connection -> {
          try (PreparedStatement count = connection.prepareStatement(PENDING_ABOVE)) {
            count.setLong(1, estimateAbove(threshold));
            count.setLong(2, threshold);
            count.setLong(3, threshold == Long.MAX_VALUE ? threshold : threshold + 1);
            try (ResultSet rs = count.executeQuery()) {
              rs.next();
              return rs.getBoolean(1);
            }
          }
        });
  }

  /** Live rows the statistics must count for the check to skip counting: see PENDING_ABOVE. */
  static long estimateAbove(long threshold) {
    return threshold > (Long.MAX_VALUE - ESTIMATE_MARGIN) / 2
        ? Long.MAX_VALUE
        : 2 * threshold + ESTIMATE_MARGIN;
  }

  /** Deletes queue rows of the given instances by id, in one statement. */
  static void remove(Pipeline pipeline, List<String> instanceIds, List<Long> ids) {
    if (ids.isEmpty()) {
      return;
    }
    pipeline.add(
        REMOVE,
        (connection, delete, i) -> {
          delete.setArray(++i, Columns.texts(connection, instanceIds));
          delete.setArray(++i, Columns.longs(connection, ids));
          return i;
        });
  }

  /**
   * Writes events that failed an attempt back in their place, with their attempt count, errors and
   * the time of their next attempt, in one statement.
   */
  static void retryLater(Pipeline pipeline, List<QueuedEvent> failed) {
    if (failed.isEmpty()) {
      return;
    }
    pipeline.add(
        RETRY_LATER,
        (connection, update, i) -> {
          update.setArray(++i, Columns.text(connection, failed, QueuedEvent::instanceId));
          update.setArray(++i, Columns.int8(connection, failed, QueuedEvent::id));
          update.setArray(++i, Columns.int4(connection, failed, QueuedEvent::attempts));
          update.setArray(
              ++i, Columns.text(connection, failed, e -> Instants.textNotBefore(e.availableAt())));
          update.setArray(
              ++i, Columns.text(connection, failed, e -> EventJson.writeErrors(e.errors())));
          return i;
        });
  }

  /** The queued event in the current row of {@code rs}, its id in column {@code idColumn}. */
  static QueuedEvent queued(ResultSet rs, String idColumn) throws SQLException {
    return new QueuedEvent(
        rs.getLong(idColumn),
        rs.getString("instance_id"),
        rs.getString("machine"),
        EventJson.readEvent(rs.getString("event")),
        rs.getString("source"),
        rs.getString("conversation_id"),
        rs.getInt("attempts"),
        Instants.read(rs, "available_at"),
        Instants.read(rs, "enqueued_at"),
        EventJson.readErrors(rs.getString("errors")),
        Priority.ofLevel(rs.getInt("priority")),
        rs.getString("idempotency_key"),
        EventJson.readHeaders(rs.getString("headers")));
  }
}
