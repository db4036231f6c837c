package dev.clockwork.runtime.archive;

import dev.clockwork.runtime.store.ArchivedInstance;
import dev.clockwork.runtime.store.Archiver;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.net.URLEncoder;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.zip.GZIPOutputStream;

/**
 * Archives to gzip JSON Lines files, one per machine and day the instances finished (UTC; the day
 * of the trim for history trimmed from running instances): {@code
 * <directory>/<machine>/<yyyy-MM-dd>.jsonl.gz}, one line per instance ({@link ArchiveLines}). Each
 * batch is appended to its file as a gzip member of its own (gzip readers read concatenated members
 * as one stream) and forced to disk before {@link #archive} returns; a batch cut short by a crash
 * leaves a damaged last member, which {@link ArchiveReader} reports and skips — that batch was not
 * deleted, and is archived again.
 */
public final class JsonLinesArchiver implements Archiver {
  private final Path directory;
  private final Clock clock;

  /**
   * @param directory where the machines' directories go; created when missing
   * @param clock stamps each line's {@code archivedAt}
   */
  public JsonLinesArchiver(Path directory, Clock clock) {
    this.directory = Objects.requireNonNull(directory, "directory");
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /** The directory archived to. */
  public Path directory() {
    return directory;
  }

  @Override
  public synchronized void archive(List<ArchivedInstance> batch) throws IOException {
    Instant now = clock.instant();
    Map<Path, List<ArchivedInstance>> byFile = new TreeMap<>();
    for (ArchivedInstance archived : batch) {
      byFile.computeIfAbsent(file(archived, now), f -> new ArrayList<>()).add(archived);
    }
    for (Map.Entry<Path, List<ArchivedInstance>> file : byFile.entrySet()) {
      append(file.getKey(), member(file.getValue(), now));
    }
  }

  /**
   * The file an instance goes to: its machine's directory, the day it finished (its last change),
   * or for rows trimmed from a running instance the day they were trimmed ({@code now}).
   */
  Path file(ArchivedInstance archived, Instant now) {
    Instant at =
        archived.reason() == ArchivedInstance.Reason.TRIMMED
            ? now
            : archived.instance().updatedAt();
    LocalDate day = LocalDate.ofInstant(at, ZoneOffset.UTC);
    return directory.resolve(safeName(archived.instance().machine())).resolve(day + ".jsonl.gz");
  }

  private static byte[] member(List<ArchivedInstance> instances, Instant now) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (Writer out = new OutputStreamWriter(new GZIPOutputStream(bytes), StandardCharsets.UTF_8)) {
      for (ArchivedInstance archived : instances) {
        out.write(ArchiveLines.write(archived, now));
        out.write('\n');
      }
    }
    return bytes.toByteArray();
  }

  private static void append(Path file, byte[] member) throws IOException {
    Path parent = file.getParent();
    boolean created = !Files.exists(file);
    Files.createDirectories(parent);
    try (FileChannel channel =
        FileChannel.open(
            file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
      ByteBuffer buffer = ByteBuffer.wrap(member);
      while (buffer.hasRemaining()) {
        channel.write(buffer);
      }
      channel.force(true);
    }
    if (created) {
      forceDirectory(parent); // the new file's name is durable too
    }
  }

  private static void forceDirectory(Path directory) {
    try (FileChannel channel = FileChannel.open(directory, StandardOpenOption.READ)) {
      channel.force(true);
    } catch (IOException e) {
      // some file systems cannot open a directory for reading; the file's own data is forced
    }
  }

  /** A machine id as a directory name: URL-encoded, so no separator or ".." gets through. */
  static String safeName(String machine) {
    String encoded = URLEncoder.encode(machine, StandardCharsets.UTF_8);
    return encoded.startsWith(".") ? "%2E" + encoded.substring(1) : encoded;
  }
}
