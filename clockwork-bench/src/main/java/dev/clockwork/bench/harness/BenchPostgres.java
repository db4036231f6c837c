package dev.clockwork.bench.harness;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The one embedded PostgreSQL server of a run. Benchmarks work in {@link BenchDatabase}s on it;
 * {@code pg_stat_statements} is loaded so each can say where the database time went.
 */
public final class BenchPostgres implements AutoCloseable {
  static final String USER = "postgres";

  private final EmbeddedPostgres server;
  private final boolean durable;
  private volatile boolean fsync;
  private volatile boolean synchronousCommit;

  private BenchPostgres(EmbeddedPostgres server, boolean durable) {
    this.server = server;
    this.durable = durable;
    this.fsync = durable;
    this.synchronousCommit = durable;
  }

  /**
   * Starts the server. The embedded server puts {@code fsync} and {@code synchronous_commit} (both
   * off) on the postmaster's command line, where they outrank {@code ALTER SYSTEM}: so it is
   * started once to be created, given its settings with {@code ALTER SYSTEM}, and restarted with
   * nothing on its command line but its port ({@link ServerRestart}). {@link #flush} and {@link
   * #setUp} then change what every session does. A durable server turns both on (PostgreSQL's
   * defaults), so a commit waits for its WAL flush as it would in production.
   */
  public static BenchPostgres start(boolean durable) throws IOException {
    Path data = Files.createTempDirectory("clockwork-bench-pg");
    EmbeddedPostgres server =
        EmbeddedPostgres.builder()
            .setDataDirectory(data)
            .setCleanDataDirectory(true)
            .setPGStartupWait(Duration.ofSeconds(60))
            .start();
    try {
      String on = durable ? "on" : "off";
      ServerRestart.withSettings(
          server,
          data,
          Map.of(
              "fsync", on,
              "synchronous_commit", on,
              "shared_preload_libraries", "pg_stat_statements",
              "pg_stat_statements.track_planning", "on",
              "max_connections", "300",
              "timezone", "UTC"));
    } catch (IOException | RuntimeException e) {
      server.close();
      throw e;
    }
    BenchPostgres postgres = new BenchPostgres(server, durable);
    postgres.awaitSettings(durable, durable);
    return postgres;
  }

  public boolean durable() {
    return durable;
  }

  /** Whether commits wait for their WAL flush to disk now (fsync and synchronous_commit on). */
  public boolean flushing() {
    return fsync && synchronousCommit;
  }

  String url(String database) {
    return server.getJdbcUrl(USER, database);
  }

  /** A new, empty database with Clockwork's tables. */
  public BenchDatabase create(String name) {
    admin("CREATE DATABASE " + name);
    BenchDatabase database = new BenchDatabase(this, name);
    database.migrate();
    return database;
  }

  /**
   * A file-level copy of {@code template} (which must have no open connection): the same rows,
   * without going through the engine again.
   */
  public BenchDatabase copy(String template, String name) {
    admin("CREATE DATABASE " + name + " TEMPLATE " + template);
    return new BenchDatabase(this, name);
  }

  public void drop(String name) {
    admin("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
  }

  /**
   * Sets {@code fsync} and {@code synchronous_commit} for every session, open ones included ({@code
   * ALTER SYSTEM} and a reload, no restart), and returns once a new session sees them. Set-up
   * phases run without waiting for flushes to save time; every measured phase runs with the
   * settings it reports.
   */
  public void flush(boolean fsyncOn, boolean synchronousCommitOn) {
    admin(
        "ALTER SYSTEM SET fsync = " + (fsyncOn ? "on" : "off"),
        "ALTER SYSTEM SET synchronous_commit = " + (synchronousCommitOn ? "on" : "off"),
        "SELECT pg_reload_conf()");
    awaitSettings(fsyncOn, synchronousCommitOn);
    this.fsync = fsyncOn;
    this.synchronousCommit = synchronousCommitOn;
  }

  /**
   * Waits until a new session sees the settings: the postmaster reloads its files after {@code
   * pg_reload_conf()} returns, then signals every session, each of which applies the files before
   * its next statement.
   */
  private void awaitSettings(boolean fsyncOn, boolean synchronousCommitOn) {
    String wanted = (fsyncOn ? "on" : "off") + "," + (synchronousCommitOn ? "on" : "off");
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    String seen = "";
    while (System.nanoTime() < deadline) {
      seen = settings();
      if (seen.equals(wanted)) {
        return;
      }
      Thread.onSpinWait();
    }
    throw new IllegalStateException(
        "the server did not take fsync,synchronous_commit = " + wanted + " (it has " + seen + ")");
  }

  private String settings() {
    try (Connection connection = server.getPostgresDatabase().getConnection();
        Statement statement = connection.createStatement();
        ResultSet rs =
            statement.executeQuery(
                "SELECT current_setting('fsync') || ',' || current_setting('synchronous_commit')")) {
      rs.next();
      return rs.getString(1);
    } catch (SQLException e) {
      throw new IllegalStateException("cannot read the server's settings: " + e.getMessage(), e);
    }
  }

  /** Back to the settings the server was started with. */
  public void flushAsStarted() {
    flush(durable, durable);
  }

  /**
   * Runs set-up work with {@code synchronous_commit} off (commits do not wait for their flush;
   * {@code fsync} stays as it is), then puts the settings back.
   */
  public <T> T setUp(Supplier<T> work) {
    boolean wasSynchronous = synchronousCommit;
    flush(fsync, false);
    try {
      return work.get();
    } finally {
      flush(fsync, wasSynchronous);
    }
  }

  /** Runs statements on the {@code postgres} database, each auto-committed. */
  public void admin(String... statements) {
    try (Connection connection = server.getPostgresDatabase().getConnection();
        Statement statement = connection.createStatement()) {
      for (String sql : statements) {
        statement.execute(sql);
      }
    } catch (SQLException e) {
      throw new IllegalStateException("server SQL failed: " + e.getMessage(), e);
    }
  }

  /** Measures the CPU time of this JVM and of this server's processes. */
  public CpuMeter cpu() {
    try (Connection connection = server.getPostgresDatabase().getConnection();
        Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery("SELECT pg_backend_pid()")) {
      rs.next();
      String stat = Files.readString(Path.of("/proc", String.valueOf(rs.getLong(1)), "stat"));
      return new CpuMeter(Long.parseLong(stat.substring(stat.lastIndexOf(')') + 2).split(" ")[1]));
    } catch (SQLException | IOException | RuntimeException e) {
      return new CpuMeter(0);
    }
  }

  /** The server facts the report prints. */
  public Map<String, String> facts() {
    Map<String, String> facts = new LinkedHashMap<>();
    try (Connection connection = server.getPostgresDatabase().getConnection();
        Statement statement = connection.createStatement()) {
      try (ResultSet rs = statement.executeQuery("SHOW server_version")) {
        rs.next();
        facts.put("postgresql", rs.getString(1) + " (embedded, io.zonky.test, same host)");
      }
      StringBuilder settings = new StringBuilder();
      for (String name :
          List.of("fsync", "synchronous_commit", "shared_buffers", "max_wal_size", "autovacuum")) {
        try (ResultSet rs = statement.executeQuery("SHOW " + name)) {
          rs.next();
          settings.append(settings.length() == 0 ? "" : ", ").append(name).append('=');
          settings.append(rs.getString(1));
        }
      }
      facts.put("postgresql settings", settings.toString());
    } catch (SQLException e) {
      facts.put("postgresql", "unknown (" + e.getMessage() + ")");
    }
    return facts;
  }

  @Override
  public void close() throws IOException {
    server.close();
  }
}
