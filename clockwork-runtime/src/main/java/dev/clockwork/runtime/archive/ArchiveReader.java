package dev.clockwork.runtime.archive;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.BufferedReader;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Consumer;
import java.util.zip.ZipException;

/**
 * Reads an archive file written by {@link JsonLinesArchiver}, line by line as JSON values. A file
 * whose last batch was cut short by a crash yields every whole line before the cut and says where
 * it stopped; a line that is not JSON is an error naming the file and the line.
 */
public final class ArchiveReader {
  /** What a read found: the lines handed on, and why it stopped early (null when it did not). */
  public record Summary(long lines, String damage) {
    public boolean complete() {
      return damage == null;
    }
  }

  private ArchiveReader() {}

  /**
   * Hands each line of {@code file}, as JSON values, to {@code line}, oldest first.
   *
   * @throws IOException when the file cannot be opened, is not gzip, or holds a line that is not
   *     JSON (the message names the file and the line)
   */
  public static Summary read(Path file, Consumer<Map<String, Object>> line) throws IOException {
    long count = 0;
    try (InputStream raw = Files.newInputStream(file);
        BufferedReader in =
            new BufferedReader(
                new InputStreamReader(new GzipMembers(raw), StandardCharsets.UTF_8))) {
      String text;
      while (true) {
        try {
          text = in.readLine();
        } catch (EOFException e) {
          return new Summary(
              count,
              "the file ends inside a batch after line "
                  + count
                  + " ("
                  + e.getMessage()
                  + "): a write cut short, whose batch was kept and archived again");
        } catch (ZipException e) {
          if (count == 0) {
            throw new IOException(file + " is not a gzip archive file: " + e.getMessage(), e);
          }
          return new Summary(
              count, "the file is damaged after line " + count + ": " + e.getMessage());
        }
        if (text == null) {
          return new Summary(count, null);
        }
        if (text.isBlank()) {
          continue;
        }
        count++;
        try {
          line.accept(ArchiveLines.read(text));
        } catch (JsonProcessingException e) {
          throw new IOException(
              file + " line " + count + " is not an archive line: " + e.getOriginalMessage(), e);
        }
      }
    } catch (NoSuchFileException e) {
      throw new IOException("no archive file " + file, e);
    }
  }
}
