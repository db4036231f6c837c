package dev.clockwork.postgres.internal;

import dev.clockwork.postgres.internal.json.EventJson;
import dev.clockwork.runtime.queue.EventStatus;
import dev.clockwork.runtime.queue.EventStatus.State;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/**
 * Where a queued event is now, in one statement: still in its queue (pending, or retrying after
 * failed attempts), in the dead letters, or gone with a history row recording its outcome (the
 * first row with its queue id that is not a failed attempt) — as the in-memory store's {@code
 * EventStatuses} decides.
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
    if (eventId <= 0) {
      return Optional.empty(); // 0 marks rows and dead letters that came from no queue
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
              return status(rs, instanceId, eventId);
            }
          }
        });
  }

  private static Optional<EventStatus> status(ResultSet rs, String instanceId, long eventId)
      throws SQLException {
    if (rs.getString("queued_errors") != null) {
      int attempts = rs.getInt("queued_attempts");
      return Optional.of(
          new EventStatus(
              instanceId,
              eventId,
              attempts > 0 ? State.RETRYING : State.PENDING,
              attempts,
              Instants.read(rs, "available_at"),
              0,
              0,
              EventJson.readErrors(rs.getString("queued_errors")),
              rs.getString("queued_type")));
    }
    long sequence = rs.getLong("seq");
    if (rs.getString("dead_errors") != null) {
      return Optional.of(
          new EventStatus(
              instanceId,
              eventId,
              State.DEAD_LETTERED,
              rs.getInt("dead_attempts"),
              null,
              sequence,
              rs.getLong("dead_letter_id"),
              EventJson.readErrors(rs.getString("dead_errors")),
              rs.getString("dead_type")));
    }
    String kind = rs.getString("kind");
    if (kind == null) {
      return Optional.empty();
    }
    State state =
        switch (kind) {
          case "FAILED" -> State.DEAD_LETTERED;
          case "DISCARDED" -> State.DISCARDED;
          default -> State.APPLIED;
        };
    // an applied event's row is its successful attempt; a failed one's, its last failed attempt
    int attempt = rs.getInt("attempt");
    int failedAttempts = state == State.APPLIED ? attempt - 1 : attempt;
    return Optional.of(
        new EventStatus(
            instanceId,
            eventId,
            state,
            Math.max(0, failedAttempts),
            null,
            sequence,
            0,
            List.of(),
            rs.getString("outcome_type")));
  }
}
