package dev.clockwork.postgres.capacity;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * An embedded PostgreSQL of the capacity model's own: commits flushed as in production (fsync and
 * synchronous_commit on), {@code pg_stat_statements} loaded. Set-up connections do not wait for
 * their flush ({@link #setUp()}), the engine's do.
 */
final class CapacityServer implements AutoCloseable {
  private final EmbeddedPostgres server;

  CapacityServer() {
    try {
      server =
          EmbeddedPostgres.builder()
              .setServerConfig("fsync", "on")
              .setServerConfig("synchronous_commit", "on")
              .setServerConfig("shared_preload_libraries", "pg_stat_statements")
              .start();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start the capacity model's PostgreSQL", e);
    }
  }

  /** Where the engine connects: its store opens its own pool, commits wait for their flush. */
  String url() {
    return server.getJdbcUrl("postgres", "postgres");
  }

  /** Connections for seeding and for reading the statistics: commits not flushed. */
  HikariDataSource setUp() {
    return pool("capacity-set-up", 8, "SET synchronous_commit = off");
  }

  private HikariDataSource pool(String name, int size, String initSql) {
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(url());
    config.setUsername("postgres");
    config.setMaximumPoolSize(size);
    config.setMinimumIdle(0);
    config.setPoolName(name);
    config.setConnectionInitSql(initSql);
    return new HikariDataSource(config);
  }

  @Override
  public void close() throws IOException {
    server.close();
  }
}
