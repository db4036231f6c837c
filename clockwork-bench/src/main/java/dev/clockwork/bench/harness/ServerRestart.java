package dev.clockwork.bench.harness;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import io.zonky.test.db.postgres.util.LinuxUtils;
import java.io.IOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Gives the embedded server its settings in {@code postgresql.auto.conf} and restarts it without
 * the {@code -F -c synchronous_commit=off …} the embedded server puts on the postmaster's command
 * line: a setting given there outranks {@code ALTER SYSTEM} and a reload, so {@link
 * BenchPostgres#flush} could not change it. The same binaries, data directory and port; the
 * embedded server's {@code close()} stops the restarted postmaster as it would its own.
 */
final class ServerRestart {
  private ServerRestart() {}

  static void withSettings(EmbeddedPostgres server, Path data, Map<String, String> settings)
      throws IOException {
    String bin;
    try (Connection connection = server.getPostgresDatabase().getConnection();
        Statement statement = connection.createStatement()) {
      for (Map.Entry<String, String> setting : settings.entrySet()) {
        statement.execute(
            "ALTER SYSTEM SET " + setting.getKey() + " = '" + setting.getValue() + "'");
      }
      try (ResultSet rs =
          statement.executeQuery("SELECT setting FROM pg_config WHERE name = 'BINDIR'")) {
        rs.next();
        bin = rs.getString(1);
      }
    } catch (SQLException e) {
      throw new IOException("cannot configure the embedded server: " + e.getMessage(), e);
    }
    Path log = data.resolve("restart.log");
    List<String> command = new ArrayList<>();
    if (LinuxUtils.isUnshareAvailable()) {
      // as the embedded server does: pg_ctl refuses to run as root, so run it in a user namespace
      command.addAll(List.of("unshare", "-U"));
    }
    command.addAll(
        List.of(
            Path.of(bin, "pg_ctl").toString(),
            "-D",
            data.toString(),
            "-l",
            log.toString(),
            "-w",
            "-t",
            "60",
            "-m",
            "fast",
            "-o",
            "-p " + server.getPort(),
            "restart"));
    Path output = data.resolve("pg_ctl.log");
    Process pgCtl =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(Redirect.appendTo(output.toFile()))
            .start();
    try {
      if (!pgCtl.waitFor(90, TimeUnit.SECONDS) || pgCtl.exitValue() != 0) {
        pgCtl.destroyForcibly();
        throw new IOException(
            "restarting the embedded server failed: "
                + Files.readString(output).strip()
                + (Files.exists(log) ? "\n" + Files.readString(log) : ""));
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while restarting the embedded server", e);
    }
  }
}
