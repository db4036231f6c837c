package dev.clockwork.postgres.internal;

import dev.clockwork.runtime.queue.Lease;
import dev.clockwork.runtime.store.HistoryEntry;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;

/**
 * The write a lease holder makes outside a step commit: the history rows of a failed synchronous
 * send, appended only while the lease's token is the stored one.
 */
public final class LeasedWrites {
  private static final String APPEND =
      "UPDATE cw_instances SET history_seq = ? WHERE id = ? AND lease_token = ?";

  private final Jdbc jdbc;

  public LeasedWrites(Jdbc jdbc) {
    this.jdbc = jdbc;
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
