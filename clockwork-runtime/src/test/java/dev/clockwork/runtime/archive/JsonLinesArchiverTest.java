package dev.clockwork.runtime.archive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.core.interpreter.InstanceStatus;
import dev.clockwork.runtime.store.ArchivedInstance;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.InstanceBuilder;
import dev.clockwork.runtime.store.InstanceRecord;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The JSON Lines archive: where each instance goes, what a line holds, and reading it back. */
class JsonLinesArchiverTest {
  static final Instant DAY_1 = Instant.parse("2026-11-27T23:59:00Z");
  static final Instant DAY_2 = Instant.parse("2026-11-28T00:01:00Z");
  static final Instant NOW = Instant.parse("2026-12-28T09:00:00Z");

  @TempDir Path directory;

  private JsonLinesArchiver archiver() {
    return new JsonLinesArchiver(directory, Clock.fixed(NOW, ZoneOffset.UTC));
  }

  private static ArchivedInstance finished(String id, String machine, Instant at) {
    InstanceRecord instance =
        InstanceBuilder.instance(id)
            .machine(machine)
            .in("closed")
            .status(InstanceStatus.DONE)
            .context(Map.of("total", 42L, "items", List.of("a", "b")))
            .updatedAt(at)
            .build();
    List<HistoryEntry> history =
        List.of(
            new HistoryEntry(
                1,
                id,
                "conv-" + id,
                at.minusSeconds(60),
                HistoryEntry.Kind.CREATED,
                null,
                Map.of(),
                List.of("open"),
                null),
            new HistoryEntry(
                2,
                id,
                "conv-" + id,
                at,
                HistoryEntry.Kind.EVENT,
                "CLOSE",
                Map.of("by", "ann"),
                List.of("closed"),
                null));
    return new ArchivedInstance(instance, history);
  }

  private static List<Map<String, Object>> readAll(Path file) throws IOException {
    List<Map<String, Object>> lines = new ArrayList<>();
    ArchiveReader.Summary summary = ArchiveReader.read(file, lines::add);
    assertThat(summary.complete()).as(summary.damage()).isTrue();
    assertThat(summary.lines()).isEqualTo(lines.size());
    return lines;
  }

  @Test
  @SuppressWarnings("unchecked")
  void eachInstanceGoesToItsMachinesFileOfTheDayItFinishedWithItsWholeHistory() throws IOException {
    archiver()
        .archive(
            List.of(
                finished("o-1", "order", DAY_1),
                finished("o-2", "order", DAY_2),
                finished("i-1", "invoice", DAY_2)));

    assertThat(readAll(directory.resolve("order/2026-11-27.jsonl.gz")))
        .extracting(line -> ((Map<String, Object>) line.get("instance")).get("id"))
        .containsExactly("o-1");
    assertThat(readAll(directory.resolve("invoice/2026-11-28.jsonl.gz"))).hasSize(1);
    Map<String, Object> line = readAll(directory.resolve("order/2026-11-28.jsonl.gz")).get(0);
    assertThat(line)
        .containsEntry("format", 1)
        .containsEntry("archivedAt", NOW.toString())
        .containsEntry("reason", "finished");
    Map<String, Object> instance = (Map<String, Object>) line.get("instance");
    assertThat(instance)
        .containsEntry("id", "o-2")
        .containsEntry("machine", "order")
        .containsEntry("status", "DONE")
        .containsEntry("active", List.of("closed"))
        .containsEntry("context", Map.of("total", 42, "items", List.of("a", "b")))
        .containsEntry("updatedAt", DAY_2.toString());
    List<Map<String, Object>> history = (List<Map<String, Object>>) line.get("history");
    assertThat(history).extracting(row -> row.get("kind")).containsExactly("CREATED", "EVENT");
    assertThat(history.get(1))
        .containsEntry("sequence", 2)
        .containsEntry("event", "CLOSE")
        .containsEntry("payload", Map.of("by", "ann"))
        .containsEntry("at", DAY_2.toString());
  }

  @Test
  void batchesAppendToTheFileAndAreReadAsOneStream() throws IOException {
    JsonLinesArchiver archiver = archiver();
    archiver.archive(List.of(finished("o-1", "order", DAY_1)));
    archiver.archive(List.of(finished("o-2", "order", DAY_1), finished("o-3", "order", DAY_1)));

    assertThat(readAll(directory.resolve("order/2026-11-27.jsonl.gz"))).hasSize(3);
  }

  @Test
  void aBatchCutShortByACrashIsReportedAndTheWholeBatchesBeforeItAreRead() throws IOException {
    JsonLinesArchiver archiver = archiver();
    archiver.archive(List.of(finished("o-1", "order", DAY_1), finished("o-2", "order", DAY_1)));
    Path file = directory.resolve("order/2026-11-27.jsonl.gz");
    long whole = Files.size(file);
    archiver.archive(List.of(finished("o-3", "order", DAY_1)));
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
      channel.truncate(whole + 20); // the second batch's member cut 20 bytes in
    }

    List<Map<String, Object>> lines = new ArrayList<>();
    ArchiveReader.Summary summary = ArchiveReader.read(file, lines::add);

    assertThat(lines).hasSize(2);
    assertThat(summary.complete()).isFalse();
    assertThat(summary.damage()).contains("ends inside a batch after line 2");
  }

  @Test
  void aBatchCutAtAnyByteIsReportedNeverPassedOffAsTheEndOfTheFile() throws IOException {
    JsonLinesArchiver archiver = archiver();
    archiver.archive(List.of(finished("o-1", "order", DAY_1)));
    Path file = directory.resolve("order/2026-11-27.jsonl.gz");
    long whole = Files.size(file);
    archiver.archive(List.of(finished("o-2", "order", DAY_1)));
    long both = Files.size(file);
    byte[] bytes = Files.readAllBytes(file);

    for (long cut = whole + 1; cut < both; cut++) {
      Path copy = directory.resolve("cut.jsonl.gz");
      Files.write(copy, Arrays.copyOf(bytes, (int) cut));
      List<Map<String, Object>> lines = new ArrayList<>();
      ArchiveReader.Summary summary = ArchiveReader.read(copy, lines::add);
      assertThat(summary.complete()).as("cut at byte %d of %d", cut, both).isFalse();
      assertThat(lines).as("cut at byte %d", cut).hasSizeBetween(1, 2);
    }
  }

  @Test
  @SuppressWarnings("unchecked")
  void rowsTrimmedFromARunningInstanceGoToTheFileOfTheDayOfTheTrimMarkedTrimmed()
      throws IOException {
    ArchivedInstance whole = finished("s-1", "subscription", DAY_1);
    ArchivedInstance trimmed =
        new ArchivedInstance(
            whole.instance(), whole.history().subList(0, 1), ArchivedInstance.Reason.TRIMMED);
    archiver().archive(List.of(trimmed));

    assertThat(directory.resolve("subscription/2026-11-27.jsonl.gz")).doesNotExist();
    Map<String, Object> line =
        readAll(directory.resolve("subscription/2026-12-28.jsonl.gz")).get(0);
    assertThat(line).containsEntry("reason", "trimmed");
    assertThat((List<Map<String, Object>>) line.get("history"))
        .extracting(row -> row.get("sequence"))
        .containsExactly(1);
  }

  @Test
  void aMachineIdCannotLeaveTheDirectory() throws IOException {
    ArchivedInstance sneaky = finished("x-1", "../../etc", DAY_1);
    archiver().archive(List.of(sneaky));

    Path file = archiver().file(sneaky, NOW);
    assertThat(file.normalize()).startsWith(directory);
    assertThat(Files.exists(file)).isTrue();
    assertThat(JsonLinesArchiver.safeName("..")).isEqualTo("%2E.");
  }

  @Test
  void anArchiveThatCannotBeWrittenThrowsSoNothingIsDeleted() throws IOException {
    Path notADirectory = Files.writeString(directory.resolve("file"), "x");
    JsonLinesArchiver broken =
        new JsonLinesArchiver(notADirectory, Clock.fixed(NOW, ZoneOffset.UTC));

    assertThatThrownBy(() -> broken.archive(List.of(finished("o-1", "order", DAY_1))))
        .isInstanceOf(IOException.class);
  }

  @Test
  void readingAFileThatIsNotAnArchiveNamesIt() throws IOException {
    Path text = Files.writeString(directory.resolve("notes.jsonl.gz"), "hello");

    assertThatThrownBy(() -> ArchiveReader.read(text, line -> {}))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("notes.jsonl.gz is not a gzip archive file");
    assertThatThrownBy(() -> ArchiveReader.read(directory.resolve("missing.gz"), line -> {}))
        .hasMessageContaining("no archive file");
  }
}
