package dev.clockwork.cli.serve;

import dev.clockwork.core.ClockworkException;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.function.Consumer;
import java.util.stream.Stream;
import javax.sql.DataSource;

/**
 * The PostgreSQL of {@code clockwork dev}: the embedded PostgreSQL 17 from Maven Central, its data
 * kept under a directory of the user's project so a restart keeps every instance, timer and
 * schedule, on the port it had the last time ({@link DevPort}).
 */
final class DevDatabase implements AutoCloseable {
  private final EmbeddedPostgres postgres;
  private final Path directory;
  private final FileChannel lock;

  private DevDatabase(EmbeddedPostgres postgres, Path directory, FileChannel lock) {
    this.postgres = postgres;
    this.directory = directory;
    this.lock = lock;
  }

  /**
   * Starts PostgreSQL on the data in {@code directory} (created if absent; wiped if fresh). A
   * server or pid file a crashed earlier start left there is cleared first, keeping the data;
   * {@code notices} hears one line saying so.
   */
  static DevDatabase start(Path directory, boolean fresh, Consumer<String> notices) {
    Path data = directory.resolve("postgres");
    FileChannel lock = null;
    try {
      lock = lock(directory);
      Files.createDirectories(data);
      StalePostgres.clear(data).ifPresent(notices);
      if (fresh) {
        wipe(data);
        Files.deleteIfExists(directory.resolve("token"));
        Files.createDirectories(data);
      }
      EmbeddedPostgres postgres =
          EmbeddedPostgres.builder()
              .setPort(DevPort.of(directory, notices))
              .setDataDirectory(data)
              .setCleanDataDirectory(false)
              .setServerConfig("fsync", "off")
              .start();
      return new DevDatabase(postgres, directory, lock);
    } catch (IOException e) {
      closeQuietly(lock);
      throw new ClockworkException(
          "cannot start the development PostgreSQL in "
              + data
              + ": "
              + e.getMessage()
              + " (is another PostgreSQL using it? stop it with `pg_ctl stop -D "
              + data
              + "` and start clockwork dev again)",
          e);
    } catch (RuntimeException e) {
      closeQuietly(lock);
      throw e;
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
    } finally {
      closeQuietly(lock);
    }
  }

  /**
   * Takes the data directory for this process, or fails naming it: a second {@code clockwork dev}
   * on the same directory (with {@code --fresh} above all) would pull the database from under the
   * first.
   */
  private static FileChannel lock(Path directory) throws IOException {
    Files.createDirectories(directory);
    FileChannel channel =
        FileChannel.open(
            directory.resolve("lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
    FileLock taken;
    try {
      taken = channel.tryLock();
    } catch (OverlappingFileLockException e) {
      taken = null;
    }
    if (taken == null) {
      channel.close();
      throw new ClockworkException(
          "another clockwork dev is using "
              + directory
              + "; stop it first, or give this one its own --data-dir");
    }
    return channel;
  }

  private static void closeQuietly(FileChannel channel) {
    if (channel != null) {
      try {
        channel.close();
      } catch (IOException ignored) {
        // the lock goes with the process anyway
      }
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
