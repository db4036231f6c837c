package dev.clockwork.bench.harness;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.postgres.schema.ClockworkMigrations;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;

/** One database on the benchmark server, with a small pool of its own for the harness's SQL. */
public final class BenchDatabase implements AutoCloseable {
  private final BenchPostgres server;
  private final String name;
  private final HikariDataSource harness;

  BenchDatabase(BenchPostgres server, String name) {
    this.server = server;
    this.name = name;
    this.harness = pool("harness-" + name, 3);
  }

  public String name() {
    return name;
  }

  public BenchPostgres server() {
    return server;
  }

  public String url() {
    return server.url(name);
  }

  /** A connection pool of its own on this database. */
  public HikariDataSource pool(String poolName, int size) {
    HikariConfig config = new HikariConfig();
    config.setPoolName(poolName);
    config.setJdbcUrl(url());
    config.setUsername(BenchPostgres.USER);
    config.setMaximumPoolSize(size);
    return new HikariDataSource(config);
  }

  /**
   * Clockwork's store on this database as an application would open it: the builder's defaults (its
   * own pool of {@value PostgresStore.Builder#DEFAULT_POOL_SIZE} connections).
   */
  public PostgresStore store() {
    return PostgresStore.builder().url(url()).user(BenchPostgres.USER).build();
  }

  public DataSource harness() {
    return harness;
  }

  /**
   * A connection of its own in pgjdbc's simple query mode: statement text goes to the server as
   * written, so {@code EXPLAIN (GENERIC_PLAN)} of a {@code pg_stat_statements} text with its {@code
   * $1} placeholders works.
   */
  public Connection simpleConnection() throws SQLException {
    return DriverManager.getConnection(
        url() + (url().contains("?") ? "&" : "?") + "preferQueryMode=simple");
  }

  void migrate() {
    ClockworkMigrations.migrate(harness);
    execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
  }

  /** Runs statements, each auto-committed. */
  public void execute(String... statements) {
    try (Connection connection = harness.getConnection();
        Statement statement = connection.createStatement()) {
      for (String sql : statements) {
        statement.execute(sql);
      }
    } catch (SQLException e) {
      throw new IllegalStateException("benchmark SQL failed: " + e.getMessage(), e);
    }
  }

  /** The first column of the first row, as a long (0 for NULL). */
  public long queryLong(String sql, Object... parameters) {
    try (Connection connection = harness.getConnection();
        PreparedStatement select = connection.prepareStatement(sql)) {
      for (int i = 0; i < parameters.length; i++) {
        select.setObject(i + 1, parameters[i]);
      }
      try (ResultSet rs = select.executeQuery()) {
        return rs.next() ? rs.getLong(1) : 0;
      }
    } catch (SQLException e) {
      throw new IllegalStateException("benchmark query failed: " + e.getMessage(), e);
    }
  }

  /** Empties Clockwork's tables (not its migration history). */
  public void truncateClockwork() {
    execute(
        "TRUNCATE " + String.join(", ", ClockworkMigrations.TABLES) + " RESTART IDENTITY CASCADE");
  }

  /**
   * Fresh planner statistics, as autovacuum gives a table in steady state, then zeroed statement
   * and table counters: what {@link StatementProfile} reads afterwards is the measured phase's.
   */
  public void settle() {
    // a copied database went through the WAL: write it out now, not in a checkpoint later
    execute(
        "VACUUM ANALYZE",
        "CHECKPOINT",
        "SELECT pg_stat_statements_reset()",
        "SELECT pg_stat_reset()");
  }

  @Override
  public void close() {
    harness.close();
  }
}
