package dev.clockwork.postgres.internal;

import dev.clockwork.postgres.internal.json.EventJson;
import dev.clockwork.runtime.queue.EventStatus;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.rule.EventStatusRule;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;

/**
 * Where a queued event is now: its queue row, its dead letter and its outcome row (the first
 * history row with its queue id that is not a failed attempt) read in one statement, and {@link
 * EventStatusRule} deciding from them, as for the in-memory store.
 */
public final class EventStatuses {
  /**
   * The queue row, the dead letter and the outcome row, each read by the instance's key. The
   * history is read by instance and filtered on the event id: no index serves the id alone, so the
   * cost follows the instance's history, not the table.
   */
  private static final String FIND =
      """
      SELECT q.attempts AS queued_attempts, q.available_at, q.errors AS queued_errors,
             q.event ->> 'type' AS queued_type,
             d.id AS dead_letter_id, d.attempts AS dead_attempts, d.errors AS dead_errors,
             d.event ->> 'type' AS dead_type,
             h.seq, h.kind, h.attempt, h.event AS outcome_type
        FROM (SELECT 1) AS one
        LEFT JOIN cw_queue q ON q.instance_id = ? AND q.id = ?
        LEFT JOIN LATERAL (
             SELECT id, attempts, errors, event FROM cw_dead_letters
              WHERE instance_id = ? AND queue_id = ?
              ORDER BY id
              LIMIT 1) AS d ON true
        LEFT JOIN LATERAL (
             SELECT seq, kind, attempt, event FROM cw_history
              WHERE instance_id = ? AND event_id = ? AND kind <> 'ATTEMPT_FAILED'
              ORDER BY seq
              LIMIT 1) AS h ON true
      """;

  private final Jdbc jdbc;

  public EventStatuses(Jdbc jdbc) {
    this.jdbc = jdbc;
  }

  public Optional<EventStatus> find(String instanceId, long eventId) {
    if (!EventStatusRule.isQueueId(eventId)) {
      return Optional.empty();
    }
    return jdbc.autoCommit(
        "read the status of event " + eventId + " of '" + instanceId + "'",
        connection -> {
          try (PreparedStatement select = connection.prepareStatement(FIND)) {
            for (int i = 0; i < 3; i++) {
              select.setString(2 * i + 1, instanceId);
              select.setLong(2 * i + 2, eventId);
            }
            try (ResultSet rs = select.executeQuery()) {
              rs.next();
              return EventStatusRule.of(instanceId, eventId, queued(rs), dead(rs), outcome(rs));
            }
          }
        });
  }

  private static EventStatusRule.Queued queued(ResultSet rs) throws SQLException {
    String errors = rs.getString("queued_errors");
    return errors == null
        ? null
        : new EventStatusRule.Queued(
            rs.getInt("queued_attempts"),
            Instants.read(rs, "available_at"),
            EventJson.readErrors(errors),
            rs.getString("queued_type"));
  }

  private static EventStatusRule.DeadLettered dead(ResultSet rs) throws SQLException {
    String errors = rs.getString("dead_errors");
    return errors == null
        ? null
        : new EventStatusRule.DeadLettered(
            rs.getLong("dead_letter_id"),
            rs.getInt("dead_attempts"),
            EventJson.readErrors(errors),
            rs.getString("dead_type"));
  }

  private static EventStatusRule.Outcome outcome(ResultSet rs) throws SQLException {
    String kind = rs.getString("kind");
    return kind == null
        ? null
        : new EventStatusRule.Outcome(
            rs.getLong("seq"),
            HistoryEntry.Kind.valueOf(kind),
            rs.getInt("attempt"),
            rs.getString("outcome_type"));
  }
}
