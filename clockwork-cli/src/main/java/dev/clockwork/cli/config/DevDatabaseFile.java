package dev.clockwork.cli.config;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where {@code clockwork dev} leaves the JDBC URL of its database ({@code jdbc-url} in its data
 * directory, {@code ./.clockwork/dev} by default), so the commands run in the same directory find
 * it when nothing else names a database.
 */
public final class DevDatabaseFile {
  /** {@code clockwork dev}'s data directory unless {@code --data-dir} names another. */
  public static final Path DEFAULT_DIRECTORY = Path.of(".clockwork", "dev");

  static final String NAME = "jdbc-url";

  /** What a connection error adds when the URL came from here. */
  public static final String NOT_RUNNING =
      "is clockwork dev running in this directory? start it, or set "
          + SettingsResolver.URL_VARIABLE;

  private DevDatabaseFile() {}

  /** Keeps {@code url} in {@code directory} for the commands run beside it. */
  public static void write(Path directory, String url) {
    try {
      Files.writeString(directory.resolve(NAME), url + "\n");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + directory.resolve(NAME), e);
    }
  }

  /** The URL {@code clockwork dev} left in {@code directory}, if it left one. */
  static Optional<String> read(Path directory) {
    Path file = directory.resolve(NAME);
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    try {
      String url = Files.readString(file).trim();
      return url.isEmpty() ? Optional.empty() : Optional.of(url);
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /** The source a {@link DatabaseSettings} names for a URL read from {@code directory}. */
  static String source(Path directory) {
    return directory.resolve(NAME) + ", written by clockwork dev";
  }

  /** Whether {@code settings} came from a file {@code clockwork dev} wrote. */
  public static boolean isSourceOf(DatabaseSettings settings) {
    return settings.source().endsWith(", written by clockwork dev");
  }
}
