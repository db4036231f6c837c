package dev.clockwork.bench.durable;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Times the sweep's own due-timer query in isolation: its text as the store sent it (from
 * pg_stat_statements, so it follows the store's code), prepared once and run {@code runs} times
 * under {@code EXPLAIN (ANALYZE, BUFFERS)} with the engine's parameters (now, the machine, a batch
 * of 100), each in a transaction rolled back — the row locks it takes are released and nothing is
 * swept. The figure is PostgreSQL's own execution time, without the round trip.
 */
final class DueQueryProbe {
  private static final Pattern EXECUTION = Pattern.compile("Execution Time: ([0-9.]+) ms");
  private static final Pattern BUFFERS =
      Pattern.compile("Buffers: shared hit=(\\d+)(?: read=(\\d+))?");

  /**
   * @param millis PostgreSQL's execution time of each run
   * @param hit shared buffer pages found in PostgreSQL's cache, last run
   * @param read pages read from outside it (the OS cache or disk), last run
   * @param plan the last run's plan, or why there is none
   */
  record Result(Samples millis, long hit, long read, String plan) {
    double medianMillis() {
      return millis.percentile(0.5) / 1000.0;
    }
  }

  private DueQueryProbe() {}

  /** Runs the probe; the sweep must have run at least once (its text is taken from the stats). */
  static Result run(BenchDatabase database, String machine, int batch, int runs) {
    Samples micros = new Samples();
    String query =
        StatementProfile.read(database.harness())
            .find(TimersAtScale.DUE_QUERY)
            .map(StatementProfile.Statement::query)
            .orElse(null);
    if (query == null) {
      return new Result(micros, 0, 0, "(the sweep's query did not run)");
    }
    if (query.contains("$5") || !query.contains("$4")) {
      return new Result(micros, 0, 0, "(the sweep's query changed shape: " + query + ")");
    }
    StringBuilder plan = new StringBuilder();
    long hit = 0;
    long read = 0;
    try (Connection connection = database.simpleConnection();
        Statement statement = connection.createStatement()) {
      statement.execute("PREPARE bench_due AS " + query);
      String explain =
          "EXPLAIN (ANALYZE, BUFFERS) EXECUTE bench_due(now(), ARRAY['"
              + machine
              + "'], ARRAY['"
              + machine
              + "'], "
              + batch
              + ")";
      for (int i = 0; i < runs; i++) {
        statement.execute("BEGIN");
        plan.setLength(0);
        try (ResultSet rs = statement.executeQuery(explain)) {
          while (rs.next()) {
            plan.append("    ").append(rs.getString(1)).append('\n');
          }
        }
        statement.execute("ROLLBACK");
        Matcher time = EXECUTION.matcher(plan);
        if (time.find()) {
          micros.add(Math.round(Double.parseDouble(time.group(1)) * 1000));
        }
        Matcher buffers = BUFFERS.matcher(plan);
        if (buffers.find()) {
          hit = Long.parseLong(buffers.group(1));
          read = buffers.group(2) == null ? 0 : Long.parseLong(buffers.group(2));
        }
      }
    } catch (SQLException e) {
      return new Result(micros, hit, read, "(probe failed: " + e.getMessage() + ")");
    }
    return new Result(micros, hit, read, plan.toString());
  }
}
