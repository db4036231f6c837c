package dev.clockwork.bench.soak;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Map;
import java.util.TreeMap;
import javax.sql.DataSource;

/**
 * What the database holds at one instant: bytes, dead rows and deletes so far of every {@code cw_}
 * table, the bytes of each table's rows (with TOAST) and of each of its indexes apart, and the
 * connections open to it.
 *
 * @param bytes per table, with its indexes and TOAST
 * @param relations per table's rows (keyed by the table's name) and per index (by the index's name)
 */
record DatabaseSample(
    Map<String, Long> bytes,
    long deadTuples,
    Map<String, Long> deleted,
    Map<String, Long> relations,
    long connections) {
  private static final String TABLES =
      """
      SELECT s.relname, pg_total_relation_size(s.relid), s.n_dead_tup, s.n_tup_del
        FROM pg_stat_user_tables s
       WHERE s.relname LIKE 'cw\\_%'
      """;

  private static final String RELATIONS =
      """
      SELECT s.relname, pg_table_size(s.relid)
        FROM pg_stat_user_tables s
       WHERE s.relname LIKE 'cw\\_%'
      UNION ALL
      SELECT i.indexrelname, pg_relation_size(i.indexrelid)
        FROM pg_stat_user_indexes i
       WHERE i.relname LIKE 'cw\\_%'
      """;

  private static final String CONNECTIONS =
      "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()";

  static DatabaseSample read(DataSource dataSource) {
    Map<String, Long> bytes = new TreeMap<>();
    Map<String, Long> deleted = new TreeMap<>();
    long dead = 0;
    try (Connection connection = dataSource.getConnection()) {
      try (PreparedStatement select = connection.prepareStatement(TABLES);
          ResultSet rs = select.executeQuery()) {
        while (rs.next()) {
          bytes.put(rs.getString(1), rs.getLong(2));
          dead += rs.getLong(3);
          deleted.put(rs.getString(1), rs.getLong(4));
        }
      }
      Map<String, Long> relations = new TreeMap<>();
      try (PreparedStatement select = connection.prepareStatement(RELATIONS);
          ResultSet rs = select.executeQuery()) {
        while (rs.next()) {
          relations.put(rs.getString(1), rs.getLong(2));
        }
      }
      try (PreparedStatement select = connection.prepareStatement(CONNECTIONS);
          ResultSet rs = select.executeQuery()) {
        rs.next();
        return new DatabaseSample(bytes, dead, deleted, relations, rs.getLong(1));
      }
    } catch (SQLException e) {
      throw new IllegalStateException("cannot read the cw_ tables' sizes: " + e.getMessage(), e);
    }
  }

  long totalBytes() {
    return bytes.values().stream().mapToLong(Long::longValue).sum();
  }

  /** Rows deleted from {@code table} since {@code earlier}. */
  long deletedSince(DatabaseSample earlier, String table) {
    return deleted.getOrDefault(table, 0L) - earlier.deleted.getOrDefault(table, 0L);
  }
}
