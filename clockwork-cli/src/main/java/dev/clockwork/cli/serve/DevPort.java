package dev.clockwork.cli.serve;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * The port of {@code clockwork dev}'s PostgreSQL, kept in {@code port} of its data directory: a
 * free one the first time, the same one at every start after (so an exported {@code
 * CLOCKWORK_JDBC_URL} stays right), a new one only when another program took it.
 */
final class DevPort {
  static final String FILE = "port";

  private DevPort() {}

  static int of(Path directory, Consumer<String> notices) throws IOException {
    Path file = directory.resolve(FILE);
    Integer kept = kept(file);
    if (kept != null && free(kept)) {
      return kept;
    }
    int chosen;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      chosen = socket.getLocalPort();
    }
    if (kept != null) {
      notices.accept(
          "PostgreSQL's port "
              + kept
              + " is taken by another program; it listens on "
              + chosen
              + " from now on (export CLOCKWORK_JDBC_URL again)");
    }
    Files.writeString(file, chosen + "\n");
    return chosen;
  }

  private static Integer kept(Path file) throws IOException {
    if (!Files.isRegularFile(file)) {
      return null;
    }
    try {
      int port = Integer.parseInt(Files.readString(file).trim());
      return port > 0 && port < 65_536 ? port : null;
    } catch (NumberFormatException e) {
      return null;
    }
  }

  private static boolean free(int port) {
    try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
