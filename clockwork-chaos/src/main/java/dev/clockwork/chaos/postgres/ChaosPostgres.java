package dev.clockwork.chaos.postgres;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import io.zonky.test.db.postgres.util.LinuxUtils;
import java.io.File;
import java.io.IOException;
import java.lang.ProcessBuilder.Redirect;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The one PostgreSQL of a run: embedded binaries (io.zonky.test) on a data directory and port fixed
 * for the run, listening on localhost only, so it can be stopped with {@code pg_ctl -m immediate}
 * (a crash: no checkpoint, recovery from the WAL on the next start) and started again on the same
 * data. Commits wait for their WAL write ({@code synchronous_commit=on}); {@code fsync} is off, as
 * the operating system does not crash here, only the server.
 */
public final class ChaosPostgres implements AutoCloseable {
  public static final String USER = "postgres";
  public static final String DATABASE = "postgres";

  private final EmbeddedPostgres server;
  private final Path dataDirectory;
  private final Path log;
  private final File pgCtl;
  private final int port;
  private final Map<String, String> settings;

  private ChaosPostgres(
      EmbeddedPostgres server, Path dataDirectory, Path log, File pgCtl, Map<String, String> s) {
    this.server = server;
    this.dataDirectory = dataDirectory;
    this.log = log;
    this.pgCtl = pgCtl;
    this.port = server.getPort();
    this.settings = s;
  }

  /**
   * Starts a server on a new data directory {@code pgdata} in {@code runDirectory} (logging to its
   * {@code postgres.log}), on a free local port, from binaries extracted into {@code binaries}.
   */
  public static ChaosPostgres start(Path runDirectory, Path binaries) throws IOException {
    Path data = runDirectory.resolve("pgdata");
    Path log = runDirectory.resolve("postgres.log");
    if (Files.exists(data)) {
      throw new IllegalStateException(data + " exists: a run starts on a new data directory");
    }
    Files.createDirectories(binaries);
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put("listen_addresses", "localhost");
    settings.put("timezone", "UTC");
    settings.put("max_connections", "300");
    settings.put("synchronous_commit", "on");
    EmbeddedPostgres.Builder builder =
        EmbeddedPostgres.builder()
            .setOverrideWorkingDirectory(binaries.toFile())
            .setDataDirectory(data)
            .setCleanDataDirectory(false)
            .setPort(freePort())
            .setPGStartupWait(Duration.ofSeconds(60))
            .setOutputRedirector(Redirect.appendTo(log.toFile()))
            .setErrorRedirector(Redirect.appendTo(log.toFile()));
    settings.forEach(builder::setServerConfig);
    EmbeddedPostgres server = builder.start();
    return new ChaosPostgres(server, data, log, findPgCtl(binaries), settings);
  }

  public int port() {
    return port;
  }

  /** The JDBC URL of the database, naming the client as {@code applicationName}. */
  public String url(String applicationName) {
    return url(applicationName, port);
  }

  /**
   * The JDBC URL of the database through another local port (a proxy to {@link #port}, F5), naming
   * the client as {@code applicationName}.
   */
  public String url(String applicationName, int throughPort) {
    return "jdbc:postgresql://localhost:"
        + throughPort
        + "/"
        + DATABASE
        + "?user="
        + USER
        + "&ApplicationName="
        + applicationName;
  }

  /** Stops the server as a crash would: {@code pg_ctl stop -m immediate}. */
  public void stopImmediately() {
    pgCtl(List.of("stop", "-m", "immediate", "-w", "-t", "30"));
  }

  /** Starts the server again on the same data directory and port (it recovers from its WAL). */
  public void startAgain() {
    List<String> options = new ArrayList<>(List.of("-p", String.valueOf(port), "-F"));
    settings.forEach((key, value) -> options.addAll(List.of("-c", key + "=" + value)));
    pgCtl(
        List.of("start", "-w", "-t", "60", "-l", log.toString(), "-o", String.join(" ", options)));
  }

  /**
   * Ends every backend whose {@code application_name} starts with {@code prefix} ({@code
   * pg_terminate_backend}); returns how many were ended.
   */
  public int terminateBackends(String prefix) throws SQLException {
    try (Connection connection = DriverManager.getConnection(url("clockwork-chaos-faults"));
        Statement statement = connection.createStatement();
        ResultSet rs =
            statement.executeQuery(
                "SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) FROM pg_stat_activity"
                    + " WHERE application_name LIKE '"
                    + prefix.replace("'", "''")
                    + "%' AND pid <> pg_backend_pid()")) {
      rs.next();
      return rs.getInt(1);
    }
  }

  /**
   * The owners of the leases valid now by the database's clock, each with how many it holds. Read
   * from Clockwork's tables: the harness uses it to aim a pause at a worker in the middle of a
   * turn, never to check anything.
   */
  public Map<String, Integer> leaseOwners() throws SQLException {
    Map<String, Integer> owners = new LinkedHashMap<>();
    try (Connection connection = DriverManager.getConnection(url("clockwork-chaos-faults"));
        Statement statement = connection.createStatement();
        ResultSet rs =
            statement.executeQuery(
                "SELECT owner, count(*) FROM cw_leases WHERE expires_at > now()"
                    + " GROUP BY 1 ORDER BY 2 DESC, 1")) {
      while (rs.next()) {
        owners.put(rs.getString(1), rs.getInt(2));
      }
    }
    return owners;
  }

  /**
   * Records the database's clock ({@code clock_timestamp()}) for every history row as it is
   * inserted, in {@code chaos_history_clock}: the public API's history rows carry the engine's
   * clock only, and I4 asks for the database's. Installed once the schema is migrated, before the
   * workers start. The instant is taken inside the committing transaction, after the turn ran: a
   * timer fire happened no later than it.
   */
  public void installHistoryClock() throws SQLException {
    try (Connection connection = DriverManager.getConnection(url("clockwork-chaos-orchestrator"));
        Statement statement = connection.createStatement()) {
      statement.execute(
          "CREATE TABLE chaos_history_clock (instance_id text NOT NULL, seq bigint NOT NULL,"
              + " db_at timestamptz NOT NULL DEFAULT clock_timestamp(),"
              + " PRIMARY KEY (instance_id, seq))");
      statement.execute(
          "CREATE FUNCTION chaos_history_clock() RETURNS trigger LANGUAGE plpgsql AS $$"
              + " BEGIN INSERT INTO chaos_history_clock (instance_id, seq)"
              + " VALUES (NEW.instance_id, NEW.seq) ON CONFLICT DO NOTHING; RETURN NEW; END $$");
      statement.execute(
          "CREATE TRIGGER chaos_history_clock AFTER INSERT ON cw_history FOR EACH ROW"
              + " EXECUTE FUNCTION chaos_history_clock()");
    }
  }

  /**
   * Records the database's clock ({@code clock_timestamp()}) whenever an instance is leased (a row
   * of {@code cw_leases} inserted or given a new token, by a claim or a lease for a send), in
   * {@code chaos_lease_clock}: I12 tells a turn that was running when its machine's queue was
   * paused (its lease older than the pause) from one claimed while paused. The instant is taken
   * inside the leasing statement. Installed with {@link #installHistoryClock}, before the workers
   * start.
   */
  public void installLeaseClock() throws SQLException {
    try (Connection connection = DriverManager.getConnection(url("clockwork-chaos-orchestrator"));
        Statement statement = connection.createStatement()) {
      statement.execute(
          "CREATE TABLE chaos_lease_clock (instance_id text NOT NULL,"
              + " leased_at timestamptz NOT NULL DEFAULT clock_timestamp())");
      statement.execute(
          "CREATE FUNCTION chaos_lease_clock() RETURNS trigger LANGUAGE plpgsql AS $$"
              + " BEGIN INSERT INTO chaos_lease_clock (instance_id) VALUES (NEW.instance_id);"
              + " RETURN NULL; END $$");
      statement.execute(
          "CREATE TRIGGER chaos_lease_clock AFTER INSERT ON cw_leases"
              + " FOR EACH ROW EXECUTE FUNCTION chaos_lease_clock()");
      statement.execute(
          "CREATE TRIGGER chaos_lease_taken_over AFTER UPDATE OF token ON cw_leases"
              + " FOR EACH ROW WHEN (NEW.token IS DISTINCT FROM OLD.token)"
              + " EXECUTE FUNCTION chaos_lease_clock()");
    }
  }

  /** The database's instants at which each instance was leased, by instance id, in time order. */
  public Map<String, List<Instant>> leaseClock() throws SQLException {
    Map<String, List<Instant>> at = new HashMap<>();
    try (Connection connection = DriverManager.getConnection(url("clockwork-chaos-orchestrator"));
        Statement statement = connection.createStatement();
        ResultSet rs =
            statement.executeQuery(
                "SELECT instance_id, leased_at FROM chaos_lease_clock ORDER BY leased_at")) {
      while (rs.next()) {
        at.computeIfAbsent(rs.getString(1), k -> new ArrayList<>())
            .add(rs.getObject(2, OffsetDateTime.class).toInstant());
      }
    }
    return at;
  }

  /** The database's instant of each history row, keyed by {@code instance#seq}. */
  public Map<String, Instant> historyClock() throws SQLException {
    Map<String, Instant> at = new HashMap<>();
    try (Connection connection = DriverManager.getConnection(url("clockwork-chaos-orchestrator"));
        Statement statement = connection.createStatement();
        ResultSet rs =
            statement.executeQuery("SELECT instance_id, seq, db_at FROM chaos_history_clock")) {
      while (rs.next()) {
        at.put(
            rs.getString(1) + "#" + rs.getLong(2),
            rs.getObject(3, OffsetDateTime.class).toInstant());
      }
    }
    return at;
  }

  private void pgCtl(List<String> arguments) {
    List<String> command = new ArrayList<>();
    if (LinuxUtils.isUnshareAvailable()) {
      // as the embedded server does: pg_ctl refuses to run as root, so run it in a user namespace
      command.addAll(List.of("unshare", "-U"));
    }
    command.addAll(List.of(pgCtl.getPath(), "-D", dataDirectory.toString()));
    command.addAll(arguments);
    try {
      Process process =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(Redirect.appendTo(log.toFile()))
              .start();
      if (!process.waitFor(90, TimeUnit.SECONDS) || process.exitValue() != 0) {
        process.destroyForcibly();
        throw new IllegalStateException(
            "pg_ctl " + String.join(" ", arguments) + " failed; see " + log);
      }
    } catch (IOException e) {
      throw new IllegalStateException("cannot run " + pgCtl + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while running pg_ctl", e);
    }
  }

  /** Stops the server (fast shutdown) and keeps its data directory for a look afterwards. */
  @Override
  public void close() throws IOException {
    server.close();
  }

  private static File findPgCtl(Path binaries) throws IOException {
    try (Stream<Path> files = Files.walk(binaries)) {
      return files
          .filter(p -> p.getFileName().toString().equals("pg_ctl") && Files.isExecutable(p))
          .findFirst()
          .map(Path::toFile)
          .orElseThrow(
              () ->
                  new IllegalStateException(
                      "no pg_ctl under "
                          + binaries
                          + ": the embedded binaries were not extracted"));
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }
}
