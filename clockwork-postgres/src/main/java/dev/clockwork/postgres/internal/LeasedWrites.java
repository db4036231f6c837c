package dev.clockwork.postgres.internal;

import dev.clockwork.runtime.queue.Lease;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.HistoryEntry;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;

/**
 * The writes a lease holder makes outside a step commit: a retry, a dead letter, a failure in the
 * history. Each first locks the instance row under the lease's token (nothing happens when the
 * lease is no longer valid) and recomputes the head of the queue in a later statement.
 */
public final class LeasedWrites {
  private static final String APPEND =
      "UPDATE cw_instances SET history_seq = ? WHERE id = ? AND lease_token = ?";

  private final Jdbc jdbc;

  public LeasedWrites(Jdbc jdbc) {
    this.jdbc = jdbc;
  }

  public void retryLater(Lease lease, QueuedEvent failed) {
    jdbc.inTransaction(
        "put " + failed.event().type() + " back for a retry on '" + lease.instanceId() + "'",
        connection -> {
          if (QueueRows.lockLeased(connection, lease.instanceId(), lease.token())) {
            QueueRows.putBack(connection, failed);
            QueueRows.recomputeHeads(connection, List.of(lease.instanceId()));
          }
          return null;
        });
  }

  public void deadLetter(Lease lease, QueuedEvent failed, HistoryEntry failure, Instant now) {
    jdbc.inTransaction(
        "dead-letter " + failed.event().type() + " of '" + lease.instanceId() + "'",
        connection -> {
          if (QueueRows.lockLeased(connection, lease.instanceId(), lease.token())) {
            QueueRows.moveToDeadLetters(connection, failed, now);
            append(connection, lease, List.of(failure));
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
