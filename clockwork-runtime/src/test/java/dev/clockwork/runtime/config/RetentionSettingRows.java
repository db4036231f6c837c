package dev.clockwork.runtime.config;

import static org.awaitility.Awaitility.await;

import dev.clockwork.runtime.archive.ArchiveReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * The rows of the {@code retention} block, at the system's level and at a machine's (but {@code
 * operator_log} and {@code schedule_audit}, which are system-wide). Each reads the resolved value;
 * the retention contract suites show that the purge follows it.
 */
final class RetentionSettingRows {
  private RetentionSettingRows() {}

  static List<SettingRow> all() {
    List<SettingRow> rows = new ArrayList<>();
    rows.addAll(
        both(
            "finished_instances",
            "3 days",
            r -> r.finishedInstances(Duration.ofDays(3)),
            r -> r.finishedInstances().equals(Duration.ofDays(3))));
    rows.addAll(
        both(
            "history.max_age",
            "90 days",
            r -> r.history(h -> h.maxAge(Duration.ofDays(90))),
            r -> r.historyMaxAge().equals(Duration.ofDays(90))));
    rows.addAll(
        both(
            "history.max_rows",
            "500",
            r -> r.history(h -> h.maxRows(500)),
            r -> r.historyMaxRows() == 500));
    rows.addAll(
        both(
            "idempotency_keys",
            "2 days",
            r -> r.idempotencyKeys(Duration.ofDays(2)),
            r -> r.idempotencyKeys().equals(Duration.ofDays(2))));
    rows.addAll(
        both(
            "callbacks",
            "12 hours",
            r -> r.callbacks(Duration.ofHours(12)),
            r -> r.callbacks().equals(Duration.ofHours(12))));
    rows.add(
        SettingRow.of(
            "retention.operator_log",
            "30 days",
            s -> s.retention(r -> r.operatorLog(Duration.ofDays(30))),
            f -> f.engine.settings().retention().operatorLog().equals(Duration.ofDays(30))));
    rows.add(
        SettingRow.of(
            "retention.schedule_audit",
            "90 days",
            s -> s.retention(r -> r.scheduleAudit(Duration.ofDays(90))),
            f -> Duration.ofDays(90).equals(f.engine.settings().retention().scheduleAudit())));
    rows.add(
        SettingRow.of(
            "retention.archive",
            ARCHIVE.toString(),
            s -> s.retention(r -> r.archive(ARCHIVE)),
            RetentionSettingRows::aPurgedInstanceIsInTheArchive));
    return rows;
  }

  /** The directory the archive row names: one per test JVM, each check with an id of its own. */
  private static final Path ARCHIVE = directory();

  private static Path directory() {
    try {
      return Files.createTempDirectory("clockwork-archive-setting");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * A finished instance the workers' first retention pass purges is found in a file of the archive
   * directory afterwards: without the setting it is purged all the same, unarchived.
   */
  private static boolean aPurgedInstanceIsInTheArchive(SettingFixture f) {
    String id = "archived-" + UUID.randomUUID();
    EngineSettingRows.storeFinished(f, id);
    f.engine.start();
    await().atMost(Duration.ofSeconds(10)).until(() -> f.store.instances().find(id).isEmpty());
    List<Object> archived = new ArrayList<>();
    try (Stream<Path> files = Files.walk(ARCHIVE)) {
      for (Path file : files.filter(Files::isRegularFile).toList()) {
        ArchiveReader.read(
            file, line -> archived.add(((Map<?, ?>) line.get("instance")).get("id")));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return archived.contains(id);
  }

  /** A key at the system's level (every machine gets it) and at the machine's (it alone does). */
  private static List<SettingRow> both(
      String key,
      String value,
      Consumer<RetentionSettingsBuilder> code,
      Function<RetentionSettings, Boolean> applied) {
    return List.of(
        SettingRow.of(
            "retention." + key,
            value,
            s -> s.retention(code),
            f -> applied.apply(f.engine.settings().retention(SettingRow.MACHINE))),
        SettingRow.of(
            "machines." + SettingRow.MACHINE + ".retention." + key,
            value,
            s -> s.machine(SettingRow.MACHINE, m -> m.retention(code)),
            f ->
                applied.apply(f.engine.settings().retention(SettingRow.MACHINE))
                    && !applied.apply(f.engine.settings().retention())));
  }
}
