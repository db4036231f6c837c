package dev.clockwork.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.interpreter.InstanceStatus;
import dev.clockwork.runtime.archive.JsonLinesArchiver;
import dev.clockwork.runtime.store.ArchivedInstance;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.InstanceBuilder;
import dev.clockwork.runtime.store.InstanceRecord;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code clockwork archive read FILE}: an archive file as a table, as JSON, and when damaged. */
class ArchiveCliTest {
  static final Instant FINISHED = Instant.parse("2026-11-28T10:00:00Z");
  static final Clock CLOCK = Clock.fixed(FINISHED, ZoneOffset.UTC);

  @TempDir Path directory;

  private Path archive(String... ids) throws Exception {
    JsonLinesArchiver archiver = new JsonLinesArchiver(directory, CLOCK);
    for (String id : ids) {
      archiver.archive(
          List.of(
              new ArchivedInstance(
                  InstanceBuilder.instance(id)
                      .in("closed")
                      .status(InstanceStatus.DONE)
                      .updatedAt(FINISHED)
                      .build(),
                  List.of(
                      new HistoryEntry(
                          1,
                          id,
                          "conv-" + id,
                          FINISHED,
                          HistoryEntry.Kind.CREATED,
                          null,
                          Map.of(),
                          List.of("closed"),
                          null)))));
    }
    return directory.resolve("order/2026-11-28.jsonl.gz");
  }

  private static CliRun cli(String... args) {
    return CliRun.run(Map.of(), CLOCK, List.of(), args);
  }

  @Test
  void listsEachArchivedInstance() throws Exception {
    Path file = archive("o-1", "o-2");

    CliRun run = cli("archive", "read", file.toString());

    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.out)
        .contains("INSTANCE", "STATUS", "ACTIVE", "HISTORY", "FINISHED")
        .containsPattern("o-1 +DONE +closed +1 ")
        .contains("o-2")
        .contains("2 instances");
    assertThat(run.err).isEmpty();
  }

  @Test
  void rowsTrimmedFromARunningInstanceSaySo() throws Exception {
    InstanceRecord running = InstanceBuilder.instance("s-1").in("active").build();
    List<HistoryEntry> rows =
        List.of(
            new HistoryEntry(
                1,
                "s-1",
                "conv-s-1",
                FINISHED,
                HistoryEntry.Kind.CREATED,
                null,
                Map.of(),
                List.of("active"),
                null));
    new JsonLinesArchiver(directory, CLOCK)
        .archive(List.of(new ArchivedInstance(running, rows, ArchivedInstance.Reason.TRIMMED)));

    CliRun run = cli("archive", "read", directory.resolve("order/2026-11-28.jsonl.gz").toString());

    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.out).containsPattern("s-1 +ACTIVE +active +1 trimmed ").contains("— (running)");
  }

  @Test
  void printsEachLineWholeAsJson() throws Exception {
    CliRun run = cli("archive", "read", archive("o-1").toString(), "--output", "json");

    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.out).contains("\"format\" : 1", "\"id\" : \"o-1\"", "\"kind\" : \"CREATED\"");
  }

  @Test
  void aFileCutShortIsReadUpToTheCutAndSaysSo() throws Exception {
    Path file = archive("o-1");
    long whole = Files.size(file);
    archive("o-2");
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
      channel.truncate(whole + 15);
    }

    CliRun run = cli("archive", "read", file.toString());

    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.out).contains("o-1").contains("1 instance");
    assertThat(run.err).contains("ends inside a batch after line 1");
  }

  @Test
  void aMissingFileOrOneThatIsNotAnArchiveIsAClearError() throws Exception {
    CliRun missing = cli("archive", "read", directory.resolve("nope.jsonl.gz").toString());
    Path text = Files.writeString(directory.resolve("notes.txt"), "hello");
    CliRun notArchive = cli("archive", "read", text.toString());

    assertThat(missing.exitCode).isEqualTo(1);
    assertThat(missing.err).startsWith("clockwork: no archive file").doesNotContain("Exception");
    assertThat(notArchive.exitCode).isEqualTo(1);
    assertThat(notArchive.err).contains("notes.txt is not a gzip archive file");
  }
}
