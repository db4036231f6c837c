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
 * table, the bytes of each table's rows (with TOAST) and of each of its indexes apart, the
 * connections open to it, and how many checkpoints and autovacuums it has run so far — the
 * background work a stall of every turn at once may line up with.
 *
 * @param bytes per table, with its indexes and TOAST
 * @param relations per table's rows (keyed by the table's name) and per index (by the index's name)
 * @param checkpoints checkpoints since the server started (timed and requested)
 * @param autovacuums autovacuums of the {@code cw_} tables since the statistics were reset
 */
record DatabaseSample(
    Map<String, Long> bytes,
    long deadTuples,
    Map<String, Long> deleted,
    Map<String, Long> relations,
    long connections,
    long checkpoints,
    long autovacuums) {
  private static final String TABLES =
      """
      SELECT s.relname, pg_total_relation_size(s.relid), s.n_dead_tup, s.n_tup_del,
             s.autovacuum_count
        FROM pg_stat_user_tables s
       WHERE s.relname LIKE 'cw\\_%'
      """;

  /** PostgreSQL 17 moved the checkpoint counters out of {@code pg_stat_bgwriter}. */
  private static final String HAS_CHECKPOINTER =
      "SELECT to_regclass('pg_catalog.pg_stat_checkpointer') IS NOT NULL";

  private static final String CHECKPOINTS_SINCE_17 =
      "SELECT num_timed + num_requested FROM pg_stat_checkpointer";

  private static final String CHECKPOINTS_BEFORE_17 =
      "SELECT checkpoints_timed + checkpoints_req FROM pg_stat_bgwriter";

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
    long autovacuums = 0;
    try (Connection connection = dataSource.getConnection()) {
      try (PreparedStatement select = connection.prepareStatement(TABLES);
          ResultSet rs = select.executeQuery()) {
        while (rs.next()) {
          bytes.put(rs.getString(1), rs.getLong(2));
          dead += rs.getLong(3);
          deleted.put(rs.getString(1), rs.getLong(4));
          autovacuums += rs.getLong(5);
        }
      }
      Map<String, Long> relations = new TreeMap<>();
      try (PreparedStatement select = connection.prepareStatement(RELATIONS);
          ResultSet rs = select.executeQuery()) {
        while (rs.next()) {
          relations.put(rs.getString(1), rs.getLong(2));
        }
      }
      long checkpoints =
          single(
              connection,
              single(connection, HAS_CHECKPOINTER) == 1
                  ? CHECKPOINTS_SINCE_17
                  : CHECKPOINTS_BEFORE_17);
      try (PreparedStatement select = connection.prepareStatement(CONNECTIONS);
          ResultSet rs = select.executeQuery()) {
        rs.next();
        return new DatabaseSample(
            bytes, dead, deleted, relations, rs.getLong(1), checkpoints, autovacuums);
      }
    } catch (SQLException e) {
      throw new IllegalStateException("cannot read the cw_ tables' sizes: " + e.getMessage(), e);
    }
  }

  private static long single(Connection connection, String sql) throws SQLException {
    try (PreparedStatement select = connection.prepareStatement(sql);
        ResultSet rs = select.executeQuery()) {
      rs.next();
      return rs.getObject(1) instanceof Boolean yes ? (yes ? 1 : 0) : rs.getLong(1);
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
