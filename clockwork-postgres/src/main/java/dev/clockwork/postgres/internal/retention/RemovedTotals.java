package dev.clockwork.postgres.internal.retention;

import dev.clockwork.postgres.internal.Instants;
import dev.clockwork.runtime.store.retention.RemovedRows;
import dev.clockwork.runtime.store.retention.RemovedTotal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The running totals of rows retention removed, in {@code cw_retention_totals} (V24): one row per
 * machine and table, each pass adding to it.
 */
final class RemovedTotals {
  private static final String ADD =
      """
      INSERT INTO cw_retention_totals AS t (machine, table_name, rows_removed, last_removed_at)
      VALUES (?, ?, ?, ?)
      ON CONFLICT (machine, table_name) DO UPDATE
         SET rows_removed = t.rows_removed + EXCLUDED.rows_removed,
             last_removed_at = GREATEST(t.last_removed_at, EXCLUDED.last_removed_at)
      """;

  private static final String ALL =
      """
      SELECT machine, table_name, rows_removed, last_removed_at
        FROM cw_retention_totals
       ORDER BY machine, table_name
      """;

  private RemovedTotals() {}

  /** Adds {@code removed} to {@code machine}'s rows, in the caller's transaction. */
  static int add(Connection connection, String machine, RemovedRows removed, Instant at)
      throws SQLException {
    try (PreparedStatement add = connection.prepareStatement(ADD)) {
      for (Map.Entry<String, Long> table : removed.byTable().entrySet()) {
        add.setString(1, machine);
        add.setString(2, table.getKey());
        add.setLong(3, table.getValue());
        add.setObject(4, Instants.notAfter(at));
        add.addBatch();
      }
      return add.executeBatch().length;
    }
  }

  static List<RemovedTotal> all(Connection connection) throws SQLException {
    List<RemovedTotal> totals = new ArrayList<>();
    try (PreparedStatement all = connection.prepareStatement(ALL);
        ResultSet rs = all.executeQuery()) {
      while (rs.next()) {
        totals.add(
            new RemovedTotal(
                rs.getString("machine"),
                rs.getString("table_name"),
                rs.getLong("rows_removed"),
                Instants.read(rs, "last_removed_at")));
      }
    }
    return totals;
  }
}
