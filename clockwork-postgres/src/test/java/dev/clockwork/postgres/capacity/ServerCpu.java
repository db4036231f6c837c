package dev.clockwork.postgres.capacity;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * CPU seconds the PostgreSQL server has used: the postmaster, its children alive now, and those
 * that ended (the postmaster's children's time), from {@code /proc} in clock ticks of 10 ms. Linux
 * only; elsewhere it reads 0.
 */
final class ServerCpu {
  private static final double TICKS_PER_SECOND = 100;

  private ServerCpu() {}

  static double seconds(long postmaster) {
    long[] own = stat(postmaster);
    if (own == null) {
      return 0;
    }
    long ticks = own[1] + own[2] + own[3] + own[4];
    try (Stream<Path> processes = Files.list(Path.of("/proc"))) {
      for (Path process : processes.toList()) {
        String name = process.getFileName().toString();
        if (name.chars().allMatch(Character::isDigit) && !name.equals(String.valueOf(postmaster))) {
          long[] child = stat(Long.parseLong(name));
          if (child != null && child[0] == postmaster) {
            ticks += child[1] + child[2];
          }
        }
      }
    } catch (IOException e) {
      return 0;
    }
    return ticks / TICKS_PER_SECOND;
  }

  /** The parent process of {@code pid} (a backend's is the postmaster); 0 when unknown. */
  static long parent(long pid) {
    long[] stat = stat(pid);
    return stat == null ? 0 : stat[0];
  }

  /** The parent, utime, stime, cutime and cstime of {@code pid}; null when it is gone. */
  private static long[] stat(long pid) {
    try {
      String stat = Files.readString(Path.of("/proc", String.valueOf(pid), "stat"));
      String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      return new long[] {
        Long.parseLong(fields[1]),
        Long.parseLong(fields[11]),
        Long.parseLong(fields[12]),
        Long.parseLong(fields[13]),
        Long.parseLong(fields[14])
      };
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }
}
