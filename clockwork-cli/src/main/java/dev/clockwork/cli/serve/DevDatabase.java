package dev.clockwork.cli.serve;

import dev.clockwork.core.ClockworkException;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import javax.sql.DataSource;

/**
 * The PostgreSQL of {@code clockwork dev}: the embedded PostgreSQL 17 from Maven Central, its data
 * kept under a directory of the user's project so a restart keeps every instance, timer and
 * schedule.
 */
final class DevDatabase implements AutoCloseable {
  private final EmbeddedPostgres postgres;
  private final Path directory;

  private DevDatabase(EmbeddedPostgres postgres, Path directory) {
    this.postgres = postgres;
    this.directory = directory;
  }

  /** Starts PostgreSQL on the data in {@code directory} (created if absent; wiped if fresh). */
  static DevDatabase start(Path directory, boolean fresh) {
    Path data = directory.resolve("postgres");
    try {
      if (fresh) {
        wipe(directory);
      }
      Files.createDirectories(data);
      EmbeddedPostgres postgres =
          EmbeddedPostgres.builder()
              .setDataDirectory(data)
              .setCleanDataDirectory(false)
              .setServerConfig("fsync", "off")
              .start();
      return new DevDatabase(postgres, directory);
    } catch (IOException e) {
      throw new ClockworkException(
          "cannot start the development PostgreSQL in "
              + data
              + ": "
              + e.getMessage()
              + " (if an earlier `clockwork dev` crashed, retry with --fresh)",
          e);
    }
  }

  /** Connections to the development database. */
  DataSource dataSource() {
    return postgres.getPostgresDatabase();
  }

  /** Its JDBC URL, for other tools (psql, the CLI). */
  String jdbcUrl() {
    return postgres.getJdbcUrl("postgres", "postgres");
  }

  Path directory() {
    return directory;
  }

  @Override
  public void close() {
    try {
      postgres.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void wipe(Path directory) throws IOException {
    if (!Files.exists(directory)) {
      return;
    }
    try (Stream<Path> files = Files.walk(directory)) {
      for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(file);
      }
    }
  }
}
