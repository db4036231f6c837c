package dev.clockwork.bench.harness;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * CPU time spent by this JVM and by the benchmark's PostgreSQL server (its postmaster and every
 * process it started, those that ended included), from Linux's /proc: whether a phase was bound by
 * the two cores or by waiting (round trips, flushes, sleeps). Elsewhere the PostgreSQL side reads
 * 0.
 */
public final class CpuMeter {
  /** Clock ticks per second of /proc/PID/stat's times (USER_HZ, 100 on Linux). */
  private static final double TICKS = 100;

  private final long postmaster;

  CpuMeter(long postmaster) {
    this.postmaster = postmaster;
  }

  /** CPU used so far. */
  public record Reading(long wallNanos, double jvmSeconds, double postgresSeconds) {
    /** What was used between {@code before} and this reading. */
    public Use since(Reading before) {
      return new Use(
          (wallNanos - before.wallNanos) / 1e9,
          jvmSeconds - before.jvmSeconds,
          postgresSeconds - before.postgresSeconds);
    }
  }

  /** CPU used over {@code seconds} of wall time. */
  public record Use(double seconds, double jvmSeconds, double postgresSeconds) {
    /** "3.1 + 4.0 s (85%)": JVM + PostgreSQL seconds, and their share of the cores' time. */
    public String brief() {
      return String.format(
          Locale.ROOT, "%.1f + %.1f s (%.0f%%)", jvmSeconds, postgresSeconds, 100 * share());
    }

    /** The share of the cores' time the JVM and PostgreSQL used together. */
    public double share() {
      return (jvmSeconds + postgresSeconds)
          / (Runtime.getRuntime().availableProcessors() * seconds);
    }

    /** "JVM 3.1 s + PostgreSQL 4.0 s of 2 × 4.2 s (85% of the cores)". */
    public String describe() {
      int cores = Runtime.getRuntime().availableProcessors();
      return String.format(
          Locale.ROOT,
          "JVM %.1f s + PostgreSQL %.1f s of %d × %.1f s (%.0f%% of the cores)",
          jvmSeconds,
          postgresSeconds,
          cores,
          seconds,
          100 * share());
    }
  }

  public Reading read() {
    return new Reading(System.nanoTime(), jvmSeconds(), postgresSeconds());
  }

  private static double jvmSeconds() {
    if (ManagementFactory.getOperatingSystemMXBean()
        instanceof com.sun.management.OperatingSystemMXBean os) {
      return os.getProcessCpuTime() / 1e9;
    }
    return 0;
  }

  private double postgresSeconds() {
    if (postmaster <= 0) {
      return 0;
    }
    long ticks = 0;
    try (Stream<Path> processes = Files.list(Path.of("/proc"))) {
      for (Path process : (Iterable<Path>) processes::iterator) {
        String name = process.getFileName().toString();
        if (!name.chars().allMatch(Character::isDigit)) {
          continue;
        }
        String[] stat = stat(process);
        if (stat == null) {
          continue;
        }
        long pid = Long.parseLong(name);
        if (pid == postmaster) {
          // its own time and that of its children that ended and were waited for
          ticks += sum(stat, 11, 12, 13, 14);
        } else if (Long.parseLong(stat[1]) == postmaster) {
          ticks += sum(stat, 11, 12);
        }
      }
    } catch (IOException | RuntimeException e) {
      return 0;
    }
    return ticks / TICKS;
  }

  /**
   * The fields of /proc/PID/stat after the command name: [0] state, [1] ppid, …, [11] utime, [12]
   * stime, [13] cutime, [14] cstime; null when the process is gone.
   */
  private static String[] stat(Path process) {
    try {
      String text = Files.readString(process.resolve("stat"));
      return text.substring(text.lastIndexOf(')') + 2).split(" ");
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  private static long sum(String[] stat, int... fields) {
    long total = 0;
    for (int field : fields) {
      total += Long.parseLong(stat[field]);
    }
    return total;
  }
}
