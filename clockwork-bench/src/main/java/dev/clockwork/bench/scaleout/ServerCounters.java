package dev.clockwork.bench.scaleout;

import dev.clockwork.bench.harness.BenchDatabase;

/**
 * What the server counted for one database since its counters were reset: statements executed
 * ({@code pg_stat_statements}, the harness's own reads left out) and rows the statements read from
 * Clockwork's tables ({@code pg_stat_user_tables}: sequential-scan rows plus index fetches).
 */
record ServerCounters(long statements, long rowsScanned) {
  /** Marks the harness's own statements, which the counts leave out. */
  static final String HARNESS = "/* scaleout harness */ ";

  static void reset(BenchDatabase database) {
    database.execute(
        HARNESS + "SELECT pg_stat_statements_reset()", HARNESS + "SELECT pg_stat_reset()");
  }

  /** Statements executed on this database since the reset. */
  static long statements(BenchDatabase database) {
    return database.queryLong(
        HARNESS
            + """
            SELECT coalesce(sum(calls), 0) FROM pg_stat_statements
             WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
               AND query NOT LIKE '%scaleout harness%'
            """);
  }

  /**
   * Both counts. Table counters reach the server when a session's transaction ends (at most once a
   * second) and when it exits: read them once the nodes have stopped.
   */
  static ServerCounters read(BenchDatabase database) {
    long rows =
        database.queryLong(
            HARNESS
                + "SELECT coalesce(sum(coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0)), 0)"
                + " FROM pg_stat_user_tables WHERE relname LIKE 'cw\\_%'");
    return new ServerCounters(statements(database), rows);
  }
}
