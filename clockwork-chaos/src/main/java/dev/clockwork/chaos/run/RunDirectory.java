package dev.clockwork.chaos.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** A run's own directory, emptied when the run starts and kept afterwards for a look. */
final class RunDirectory {
  private RunDirectory() {}

  /** Deletes {@code directory} with everything in it, creates it again, and returns it. */
  static Path recreate(Path directory) throws IOException {
    if (Files.exists(directory)) {
      try (Stream<Path> paths = Files.walk(directory)) {
        for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
          Files.delete(p);
        }
      }
    }
    return Files.createDirectories(directory);
  }
}
