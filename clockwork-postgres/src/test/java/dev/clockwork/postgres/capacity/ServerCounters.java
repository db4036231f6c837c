package dev.clockwork.postgres.capacity;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;

/**
 * What the server counted at one moment: WAL (records, bytes, full-page images; the whole server,
 * autovacuum and checkpoints included), transactions committed in the database, statements the
 * engine ran ({@code pg_stat_statements}: every call but transaction control and the harness's own
 * reads of the statistics), rows written to Clockwork's tables, and the server's CPU seconds.
 */
record ServerCounters(
    long walRecords,
    long walBytes,
    long walFullPages,
    long commits,
    long statements,
    long rowsInserted,
    long rowsUpdated,
    long rowsDeleted,
    double cpuSeconds) {

  private static final String READ =
      """
      SELECT (SELECT pg_backend_pid()), w.wal_records, w.wal_bytes, w.wal_fpi,
             (SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()),
             (SELECT coalesce(sum(calls), 0) FROM pg_stat_statements s
               WHERE s.dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
                 AND s.query !~* '^\\s*(BEGIN|COMMIT|ROLLBACK|SET|SHOW|DISCARD)\\M'
                 AND s.query !~* 'pg_stat|pg_database|capacity harness'),
             (SELECT coalesce(sum(n_tup_ins), 0) FROM pg_stat_user_tables WHERE relname ~ '^cw_'),
             (SELECT coalesce(sum(n_tup_upd), 0) FROM pg_stat_user_tables WHERE relname ~ '^cw_'),
             (SELECT coalesce(sum(n_tup_del), 0) FROM pg_stat_user_tables WHERE relname ~ '^cw_')
        FROM pg_stat_wal w
      """;

  static ServerCounters read(DataSource server) {
    try (Connection connection = server.getConnection();
        Statement statement = connection.createStatement()) {
      statement.execute("SELECT pg_stat_clear_snapshot()");
      try (ResultSet rs = statement.executeQuery(READ)) {
        rs.next();
        return new ServerCounters(
            rs.getLong(2),
            rs.getLong(3),
            rs.getLong(4),
            rs.getLong(5),
            rs.getLong(6),
            rs.getLong(7),
            rs.getLong(8),
            rs.getLong(9),
            ServerCpu.seconds(ServerCpu.parent(rs.getLong(1))));
      }
    } catch (SQLException e) {
      throw new IllegalStateException("cannot read the server's counters", e);
    }
  }

  /** What was counted between {@code before} and this. */
  ServerCounters since(ServerCounters before) {
    return new ServerCounters(
        walRecords - before.walRecords,
        walBytes - before.walBytes,
        walFullPages - before.walFullPages,
        commits - before.commits,
        statements - before.statements,
        rowsInserted - before.rowsInserted,
        rowsUpdated - before.rowsUpdated,
        rowsDeleted - before.rowsDeleted,
        cpuSeconds - before.cpuSeconds);
  }

  long rowsWritten() {
    return rowsInserted + rowsUpdated + rowsDeleted;
  }
}
