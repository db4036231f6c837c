package dev.clockwork.postgres.internal;

import dev.clockwork.postgres.internal.json.EventJson;
import dev.clockwork.runtime.error.UnknownInstanceException;
import dev.clockwork.runtime.queue.Priority;
import dev.clockwork.runtime.queue.QueuedEvent;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The per-instance queues ({@code cw_queue}) and the dead letters. Enqueuing first sets the
 * instance's {@code next_event_at} (only when its queue was empty: the head decides), taking the
 * instance's row lock, and then inserts the row — in one statement. Whoever removes or delays queue
 * rows holds that lock and then, in a later statement, recomputes the head from the queue, so an
 * enqueue committed meanwhile is never missed.
 */
public final class QueueRows {
  /** The channel enqueues and releases notify, and idle workers listen on. */
  public static final String CHANNEL = "clockwork_work";

  private static final String ENQUEUE =
      """
      WITH new_event AS (
             SELECT nextval(pg_get_serial_sequence('cw_queue', 'id')) AS id),
           target AS (
             UPDATE cw_instances
                SET next_event_at = COALESCE(next_event_at, ?),
                    next_event_priority = CASE WHEN next_event_id IS NULL THEN ?
                                               ELSE next_event_priority END,
                    next_event_id = COALESCE(next_event_id, (SELECT id FROM new_event))
              WHERE id = ?
             RETURNING id)
      INSERT INTO cw_queue (instance_id, id, machine, event, source, conversation_id, attempts,
                            available_at, enqueued_at, errors, priority, idempotency_key)
      SELECT target.id, new_event.id, ?, CAST(? AS jsonb), ?, ?, ?, ?, ?, CAST(? AS jsonb), ?, ?
        FROM target, new_event
      """;

  /** {@link #ENQUEUE} for a single event, notifying the listening workers in the same statement. */
  private static final String ENQUEUE_AND_NOTIFY =
      """
      WITH new_event AS (
             SELECT nextval(pg_get_serial_sequence('cw_queue', 'id')) AS id),
           target AS (
             UPDATE cw_instances
                SET next_event_at = COALESCE(next_event_at, ?),
                    next_event_priority = CASE WHEN next_event_id IS NULL THEN ?
                                               ELSE next_event_priority END,
                    next_event_id = COALESCE(next_event_id, (SELECT id FROM new_event))
              WHERE id = ?
             RETURNING id),
           queued AS (
             INSERT INTO cw_queue (instance_id, id, machine, event, source, conversation_id,
                                   attempts, available_at, enqueued_at, errors, priority,
                                   idempotency_key)
             SELECT target.id, new_event.id, ?, CAST(? AS jsonb), ?, ?, ?, ?, ?, CAST(? AS jsonb), ?,
                    ?
               FROM target, new_event
             RETURNING id)
      SELECT id, pg_notify(?, '') FROM queued
      """;

  private static final String NOTIFY = "SELECT pg_notify(?, '')";

  private static final String RECOMPUTE_HEADS =
      """
      UPDATE cw_instances i
         SET (next_event_at, next_event_id, next_event_priority) =
             (SELECT q.available_at, q.id, q.priority
                FROM cw_queue q
               WHERE q.instance_id = i.id
               ORDER BY q.id
               LIMIT 1)
       WHERE i.id = ANY (CAST(? AS text[]))
      """;

  private static final String PENDING = "SELECT count(*) FROM cw_queue";

  /** Counts no further than needed: the cost follows the threshold, not the queue. */
  private static final String PENDING_ABOVE =
      "SELECT count(*) > ? FROM (SELECT 1 FROM cw_queue LIMIT ?) AS waiting";

  private static final String NEXT_AVAILABLE =
      """
      SELECT min(next_event_at)
        FROM cw_instances
       WHERE next_event_at IS NOT NULL
         AND (lease_expires_at IS NULL OR lease_expires_at <= ?)
      """;

  private final Jdbc jdbc;

  public QueueRows(Jdbc jdbc) {
    this.jdbc = jdbc;
  }

  /** Enqueues one event and notifies the listening workers. */
  public QueuedEvent enqueue(QueuedEvent event) {
    return jdbc.autoCommit(
        "enqueue " + event.event().type() + " for '" + event.instanceId() + "'",
        connection -> enqueueAndNotify(connection, event));
  }

  /**
   * Enqueues events in one transaction, notifying workers when any was queued; returns how many.
   */
  public int enqueueAllAndNotify(List<QueuedEvent> events) {
    if (events.isEmpty()) {
      return 0;
    }
    return jdbc.inTransaction(
        "enqueue " + events.size() + " event(s)",
        connection -> {
          int queued = events.size() - enqueueAll(connection, events).size();
          if (queued > 0) {
            notifyWorkers(connection);
          }
          return queued;
        });
  }

  /** Enqueues one event in the caller's transaction, notifying workers when it commits. */
  static QueuedEvent enqueueAndNotify(Connection connection, QueuedEvent event)
      throws SQLException {
    try (PreparedStatement insert = connection.prepareStatement(ENQUEUE_AND_NOTIFY)) {
      bindEnqueue(insert, event);
      insert.setString(14, CHANNEL);
      try (ResultSet rs = insert.executeQuery()) {
        if (!rs.next()) {
          throw new UnknownInstanceException(event.instanceId());
        }
        return event.withId(rs.getLong(1));
      }
    }
  }

  /**
   * Enqueues events as one JDBC batch in the caller's transaction.
   *
   * @return the events whose instance does not exist (not enqueued)
   */
  static List<QueuedEvent> enqueueAll(Connection connection, List<QueuedEvent> events)
      throws SQLException {
    if (events.isEmpty()) {
      return List.of();
    }
    try (PreparedStatement insert = connection.prepareStatement(ENQUEUE)) {
      for (QueuedEvent event : events) {
        bindEnqueue(insert, event);
        insert.addBatch();
      }
      int[] counts = insert.executeBatch();
      List<QueuedEvent> unknown = new ArrayList<>(0);
      for (int i = 0; i < counts.length; i++) {
        if (counts[i] == 0) {
          unknown.add(events.get(i));
        }
      }
      return unknown;
    }
  }

  private static void bindEnqueue(PreparedStatement insert, QueuedEvent event) throws SQLException {
    int i = 0;
    insert.setObject(++i, Instants.notBefore(event.availableAt()));
    insert.setInt(++i, event.priority().level());
    insert.setString(++i, event.instanceId());
    insert.setString(++i, event.machine());
    insert.setString(++i, EventJson.writeEvent(event.event()));
    insert.setString(++i, event.source());
    insert.setString(++i, event.conversationId());
    insert.setInt(++i, event.attempts());
    insert.setObject(++i, Instants.notBefore(event.availableAt()));
    insert.setObject(++i, Instants.notAfter(event.enqueuedAt()));
    insert.setString(++i, EventJson.writeErrors(event.errors()));
    insert.setInt(++i, event.priority().level());
    insert.setString(++i, event.idempotencyKey());
  }

  private static final String RETRY_LATER =
      """
      UPDATE cw_queue
         SET attempts = ?, available_at = ?, errors = CAST(? AS jsonb)
       WHERE instance_id = ? AND id = ?
      """;

  /**
   * Writes events that failed an attempt back in their place, with their attempt count, errors and
   * the time of their next attempt (the caller holds their instances' leases and recomputes heads).
   */
  static void retryLater(Connection connection, List<QueuedEvent> failed) throws SQLException {
    if (failed.isEmpty()) {
      return;
    }
    try (PreparedStatement update = connection.prepareStatement(RETRY_LATER)) {
      for (QueuedEvent event : failed) {
        int i = 0;
        update.setInt(++i, event.attempts());
        update.setObject(++i, Instants.notBefore(event.availableAt()));
        update.setString(++i, EventJson.writeErrors(event.errors()));
        update.setString(++i, event.instanceId());
        update.setLong(++i, event.id());
        update.addBatch();
      }
      update.executeBatch();
    }
  }

  /** Wakes the listening workers when the caller's transaction commits. */
  static void notifyWorkers(Connection connection) throws SQLException {
    try (PreparedStatement notify = connection.prepareStatement(NOTIFY)) {
      notify.setString(1, CHANNEL);
      notify.executeQuery().close();
    }
  }

  /** Sets each instance's {@code next_event_at} from the head of its queue as committed now. */
  static void recomputeHeads(Connection connection, List<String> instanceIds) throws SQLException {
    try (PreparedStatement update = connection.prepareStatement(RECOMPUTE_HEADS)) {
      update.setArray(1, connection.createArrayOf("text", instanceIds.toArray()));
      update.executeUpdate();
    }
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

  public boolean pendingAbove(long threshold) {
    return jdbc.autoCommit(
        "check the pending events against " + threshold,
        connection -> {
          try (PreparedStatement count = connection.prepareStatement(PENDING_ABOVE)) {
            count.setLong(1, threshold);
            count.setLong(2, threshold + 1);
            try (ResultSet rs = count.executeQuery()) {
              rs.next();
              return rs.getBoolean(1);
            }
          }
        });
  }

  public Optional<Instant> nextEventAvailable(Instant now) {
    return jdbc.autoCommit(
        "find the next available event",
        connection -> {
          try (PreparedStatement select = connection.prepareStatement(NEXT_AVAILABLE)) {
            select.setObject(1, Instants.notAfter(now));
            try (ResultSet rs = select.executeQuery()) {
              rs.next();
              return Optional.ofNullable(Instants.read(rs, "min"));
            }
          }
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
        rs.getString("idempotency_key"));
  }
}
