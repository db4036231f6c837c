package dev.clockwork.postgres.testing;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.clockwork.postgres.schema.ClockworkMigrations;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;

/**
 * One database of the embedded server, with a small connection pool kept for the JVM's life and
 * Clockwork's tables migrated on creation.
 *
 * @see EmbeddedPostgresDatabase#newDatabase()
 */
public final class TestDatabase {
  private final String url;
  private final String user;
  private final String password;
  private final HikariDataSource pool;

  TestDatabase(String url, String user, String password) {
    this.url = url;
    this.user = user;
    this.password = password;
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(url);
    config.setUsername(user);
    config.setPassword(password);
    config.setMaximumPoolSize(12);
    // idle connections go after 10 s: a test JVM opens a database per test class, and the server
    // takes a few hundred connections in all
    config.setMinimumIdle(0);
    config.setIdleTimeout(10_000);
    config.setPoolName("test-" + url.substring(url.lastIndexOf('/') + 1));
    this.pool = new HikariDataSource(config);
    ClockworkMigrations.migrate(pool);
  }

  public String url() {
    return url;
  }

  public String user() {
    return user;
  }

  public String password() {
    return password;
  }

  /** Pooled connections to this database. */
  public DataSource dataSource() {
    return pool;
  }

  /** Empties every Clockwork table and restarts their id sequences: a clean state per test. */
  public void truncateClockworkTables() {
    execute("TRUNCATE " + String.join(", ", ClockworkMigrations.TABLES) + " RESTART IDENTITY");
  }

  /**
   * The first column of the first row of {@code sql} with {@code parameters} bound, or null when it
   * returns no row.
   */
  public Object single(String sql, Object... parameters) {
    try (Connection connection = pool.getConnection();
        PreparedStatement statement = connection.prepareStatement(sql)) {
      for (int i = 0; i < parameters.length; i++) {
        statement.setObject(i + 1, parameters[i]);
      }
      try (ResultSet rs = statement.executeQuery()) {
        return rs.next() ? rs.getObject(1) : null;
      }
    } catch (SQLException e) {
      throw new IllegalStateException("cannot run " + sql, e);
    }
  }

  /** Runs one SQL statement (test setup and inspection). */
  public void execute(String sql) {
    try (Connection connection = pool.getConnection();
        Statement statement = connection.createStatement()) {
      statement.execute(sql);
    } catch (SQLException e) {
      throw new IllegalStateException("cannot run " + sql, e);
    }
  }
}
