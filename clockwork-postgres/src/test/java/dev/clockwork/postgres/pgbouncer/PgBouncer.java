package dev.clockwork.postgres.pgbouncer;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A PgBouncer in transaction pooling mode in front of a PostgreSQL on this host, run from Debian's
 * {@code pgbouncer} binary with a configuration of its own in a temporary directory; its log is
 * {@link #log()}. PgBouncer refuses to run as root, so as root it runs in a user namespace ({@code
 * unshare -U}), as the embedded PostgreSQL does.
 */
final class PgBouncer implements AutoCloseable {
  static final String MISSING =
      "PgBouncer is not installed: this test runs the engine through Debian's pgbouncer binary"
          + " (apt-get install pgbouncer; .ci/run installs it when it is missing)";

  private final Process process;
  private final Path directory;
  private final int port;

  private PgBouncer(Process process, Path directory, int port) {
    this.process = process;
    this.directory = directory;
    this.port = port;
  }

  /** The binary on the PATH or in Debian's /usr/sbin, if installed. */
  static Optional<Path> binary() {
    String path = System.getenv().getOrDefault("PATH", "");
    return Stream.concat(Stream.of(path.split(":")), Stream.of("/usr/sbin", "/usr/local/sbin"))
        .filter(dir -> !dir.isEmpty())
        .map(dir -> Path.of(dir, "pgbouncer"))
        .filter(Files::isExecutable)
        .findFirst();
  }

  /** Starts PgBouncer for every database of the server at {@code postgresPort}, as {@code user}. */
  static PgBouncer start(Path binary, int postgresPort, String user) throws IOException {
    Path directory = Files.createTempDirectory("clockwork-pgbouncer");
    int port = freePort();
    Files.writeString(directory.resolve("userlist.txt"), "\"" + user + "\" \"\"\n");
    Files.writeString(
        directory.resolve("pgbouncer.ini"),
        String.join(
            "\n",
            "[databases]",
            "* = host=127.0.0.1 port=" + postgresPort,
            "[pgbouncer]",
            "listen_addr = 127.0.0.1",
            "listen_port = " + port,
            "unix_socket_dir =",
            "auth_type = trust",
            "auth_file = " + directory.resolve("userlist.txt"),
            "pool_mode = transaction",
            "default_pool_size = 8",
            "max_client_conn = 200",
            // pgjdbc sends extra_float_digits at start-up, which PgBouncer does not track
            "ignore_startup_parameters = extra_float_digits",
            "server_reset_query =",
            ""));
    List<String> command = new ArrayList<>();
    if ("root".equals(System.getProperty("user.name"))) {
      command.addAll(List.of("unshare", "-U"));
    }
    command.addAll(List.of(binary.toString(), directory.resolve("pgbouncer.ini").toString()));
    Process process =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(directory.resolve("pgbouncer.log").toFile())
            .start();
    return new PgBouncer(process, directory, port);
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  int port() {
    return port;
  }

  boolean alive() {
    return process.isAlive();
  }

  /** What PgBouncer has logged so far. */
  String log() {
    try {
      return Files.readString(directory.resolve("pgbouncer.log"));
    } catch (IOException e) {
      return "(no log: " + e.getMessage() + ")";
    }
  }

  @Override
  public void close() throws IOException {
    process.destroy();
    try {
      process.waitFor();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    try (Stream<Path> files = Files.list(directory)) {
      for (Path file : files.toList()) {
        Files.deleteIfExists(file);
      }
    }
    Files.deleteIfExists(directory);
  }
}
