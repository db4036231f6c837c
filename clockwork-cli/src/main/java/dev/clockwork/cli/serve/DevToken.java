package dev.clockwork.cli.serve;

import dev.clockwork.core.ClockworkException;
import dev.clockwork.server.access.AccessPolicy;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * The development token of {@code clockwork dev}: made on the first start, kept in the data
 * directory (readable by its owner only) so the dashboard's login survives a restart.
 */
final class DevToken {
  private DevToken() {}

  static String in(Path directory) {
    Path file = directory.resolve("token");
    try {
      if (Files.isRegularFile(file)) {
        String kept = Files.readString(file, StandardCharsets.UTF_8).trim();
        if (!kept.isEmpty()) {
          return kept;
        }
      }
      String secret = AccessPolicy.newSecret();
      Files.createDirectories(directory);
      Files.writeString(file, secret + "\n", StandardCharsets.UTF_8);
      try {
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
      } catch (UnsupportedOperationException notPosix) {
        // a file system without POSIX permissions keeps its defaults
      }
      return secret;
    } catch (IOException e) {
      throw new ClockworkException("cannot keep the development token in " + file + ": " + e, e);
    }
  }
}
