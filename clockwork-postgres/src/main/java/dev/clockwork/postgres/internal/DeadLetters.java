package dev.clockwork.postgres.internal;

import dev.clockwork.postgres.internal.json.EventJson;
import dev.clockwork.runtime.queue.DeadLetter;
import dev.clockwork.runtime.queue.QueuedEvent;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** Events that failed for good: moved out of their queue into {@code cw_dead_letters}. */
public final class DeadLetters {
  private static final String INSERT_DEAD_LETTER =
      """
      INSERT INTO cw_dead_letters (instance_id, queue_id, machine, event, source, conversation_id,
                                   attempts, available_at, enqueued_at, errors, dead_at, priority)
      VALUES (?, ?, ?, CAST(? AS jsonb), ?, ?, ?, ?, ?, CAST(? AS jsonb), ?, ?)
      """;

  private static final String DEAD_LETTERS =
      """
      SELECT id, instance_id, queue_id, machine, event, source, conversation_id,
             attempts, available_at, enqueued_at, errors, dead_at, priority,
             NULL AS idempotency_key
        FROM cw_dead_letters
       ORDER BY id
       LIMIT ?
      """;

  private final Jdbc jdbc;

  public DeadLetters(Jdbc jdbc) {
    this.jdbc = jdbc;
  }

  /**
   * Inserts events that failed for good into the dead letters, in one JDBC batch; each died at the
   * time of its last error. Their queue rows are the caller's to delete.
   */
  static void insertAll(Connection connection, List<QueuedEvent> dead) throws SQLException {
    if (dead.isEmpty()) {
      return;
    }
    try (PreparedStatement insert = connection.prepareStatement(INSERT_DEAD_LETTER)) {
      for (QueuedEvent failed : dead) {
        int i = 0;
        insert.setString(++i, failed.instanceId());
        insert.setLong(++i, failed.id());
        insert.setString(++i, failed.machine());
        insert.setString(++i, EventJson.writeEvent(failed.event()));
        insert.setString(++i, failed.source());
        insert.setString(++i, failed.conversationId());
        insert.setInt(++i, failed.attempts());
        insert.setObject(++i, Instants.notBefore(failed.availableAt()));
        insert.setObject(++i, Instants.notAfter(failed.enqueuedAt()));
        insert.setString(++i, EventJson.writeErrors(failed.errors()));
        insert.setObject(++i, Instants.notAfter(failed.lastError().orElseThrow().at()));
        insert.setInt(++i, failed.priority().level());
        insert.addBatch();
      }
      insert.executeBatch();
    }
  }

  public List<DeadLetter> deadLetters(int limit) {
    return jdbc.autoCommit(
        "list the dead letters",
        connection -> {
          try (PreparedStatement select = connection.prepareStatement(DEAD_LETTERS)) {
            select.setInt(1, limit);
            List<DeadLetter> letters = new ArrayList<>();
            try (ResultSet rs = select.executeQuery()) {
              while (rs.next()) {
                letters.add(
                    new DeadLetter(
                        rs.getLong("id"),
                        QueueRows.queued(rs, "queue_id"),
                        Instants.read(rs, "dead_at")));
              }
            }
            return letters;
          }
        });
  }
}
