package dev.clockwork.spring.boot.tests.support;

import dev.clockwork.postgres.testing.EmbeddedPostgresDatabase;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An empty database (no table at all, Clockwork's neither) on the test JVM's one embedded
 * PostgreSQL: what an application's first start meets.
 */
public final class FreshDatabase {
  private static final AtomicInteger COUNT = new AtomicInteger();

  private final String url;

  private FreshDatabase(String url) {
    this.url = url;
  }

  public static FreshDatabase create() {
    EmbeddedPostgresDatabase server = EmbeddedPostgresDatabase.shared();
    String name = "spring_app_" + ProcessHandle.current().pid() + "_" + COUNT.incrementAndGet();
    try (Connection c = connect(jdbc(server.port(), "postgres"));
        Statement s = c.createStatement()) {
      s.execute("CREATE DATABASE " + name);
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
    return new FreshDatabase(jdbc(server.port(), name));
  }

  public String url() {
    return url;
  }

  public String user() {
    return "postgres";
  }

  /** The tables of the public schema, sorted. */
  public List<String> tables() {
    return strings(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'"
            + " ORDER BY table_name");
  }

  /** The first column of every row {@code sql} returns, as text. */
  public List<String> strings(String sql) {
    try (Connection c = connect(url);
        Statement s = c.createStatement();
        ResultSet rows = s.executeQuery(sql)) {
      List<String> values = new ArrayList<>();
      while (rows.next()) {
        values.add(rows.getString(1));
      }
      return values;
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String jdbc(int port, String database) {
    return "jdbc:postgresql://localhost:" + port + "/" + database;
  }

  private static Connection connect(String url) throws SQLException {
    return DriverManager.getConnection(url, "postgres", "");
  }
}
