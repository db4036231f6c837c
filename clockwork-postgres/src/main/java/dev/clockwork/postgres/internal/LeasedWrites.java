package dev.clockwork.postgres.internal;

import dev.clockwork.postgres.internal.json.EventJson;
import dev.clockwork.runtime.queue.Lease;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.HistoryEntry;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.UUID;

/**
 * The writes a lease holder makes outside a step commit: a retry, a failure in the history. Each
 * first locks the instance row under the lease's token (nothing happens when the lease is no longer
 * valid) and recomputes the head of the queue in a later statement.
 */
public final class LeasedWrites {
  private static final String APPEND =
      "UPDATE cw_instances SET history_seq = ? WHERE id = ? AND lease_token = ?";

  private static final String LOCK_LEASED =
      """
      SELECT id FROM cw_instances WHERE id = ? AND lease_token = ? FOR NO KEY UPDATE
      """;

  private static final String PUT_BACK =
      """
      INSERT INTO cw_queue (instance_id, id, machine, event, source, conversation_id, attempts,
                            available_at, enqueued_at, errors, priority)
      VALUES (?, ?, ?, CAST(? AS jsonb), ?, ?, ?, ?, ?, CAST(? AS jsonb), ?)
      ON CONFLICT (instance_id, id) DO UPDATE
         SET machine = EXCLUDED.machine, event = EXCLUDED.event, source = EXCLUDED.source,
             conversation_id = EXCLUDED.conversation_id, attempts = EXCLUDED.attempts,
             available_at = EXCLUDED.available_at, enqueued_at = EXCLUDED.enqueued_at,
             errors = EXCLUDED.errors
      """;

  private final Jdbc jdbc;

  public LeasedWrites(Jdbc jdbc) {
    this.jdbc = jdbc;
  }

  public void retryLater(Lease lease, QueuedEvent failed) {
    jdbc.inTransaction(
        "put " + failed.event().type() + " back for a retry on '" + lease.instanceId() + "'",
        connection -> {
          if (lockLeased(connection, lease.instanceId(), lease.token())) {
            putBack(connection, failed);
            QueueRows.recomputeHeads(connection, List.of(lease.instanceId()));
          }
          return null;
        });
  }

  public void appendHistory(Lease lease, List<HistoryEntry> rows) {
    if (rows.isEmpty()) {
      return;
    }
    jdbc.inTransaction(
        "append history to '" + lease.instanceId() + "'",
        connection -> {
          append(connection, lease, rows);
          return null;
        });
  }

  /** Locks the leased instance's row; false when the lease is no longer valid. */
  static boolean lockLeased(Connection connection, String instanceId, UUID token)
      throws SQLException {
    try (PreparedStatement lock = connection.prepareStatement(LOCK_LEASED)) {
      lock.setString(1, instanceId);
      lock.setObject(2, token);
      try (ResultSet rs = lock.executeQuery()) {
        return rs.next();
      }
    }
  }

  /** Writes {@code failed} back in its place in the queue (a retry later). */
  static void putBack(Connection connection, QueuedEvent failed) throws SQLException {
    try (PreparedStatement upsert = connection.prepareStatement(PUT_BACK)) {
      int i = 0;
      upsert.setString(++i, failed.instanceId());
      upsert.setLong(++i, failed.id());
      upsert.setString(++i, failed.machine());
      upsert.setString(++i, EventJson.writeEvent(failed.event()));
      upsert.setString(++i, failed.source());
      upsert.setString(++i, failed.conversationId());
      upsert.setInt(++i, failed.attempts());
      upsert.setObject(++i, Instants.notBefore(failed.availableAt()));
      upsert.setObject(++i, Instants.notAfter(failed.enqueuedAt()));
      upsert.setString(++i, EventJson.writeErrors(failed.errors()));
      upsert.setInt(++i, failed.priority().level());
      upsert.executeUpdate();
    }
  }

  private static void append(Connection connection, Lease lease, List<HistoryEntry> rows)
      throws SQLException {
    try (PreparedStatement update = connection.prepareStatement(APPEND)) {
      update.setLong(1, rows.get(rows.size() - 1).sequence());
      update.setString(2, lease.instanceId());
      update.setObject(3, lease.token());
      if (update.executeUpdate() == 0) {
        return;
      }
    }
    InstanceRows.insertHistory(connection, rows);
  }
}
