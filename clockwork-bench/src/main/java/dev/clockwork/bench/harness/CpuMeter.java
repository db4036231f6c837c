package dev.clockwork.bench.harness;

import com.sun.management.OperatingSystemMXBean;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * CPU time spent by this JVM, by the benchmark's PostgreSQL server (its postmaster and every
 * process it started, those that ended included) and by the whole machine, from Linux's /proc:
 * whether a phase was bound by the two cores (and whether others were using them) or by waiting
 * (round trips, flushes, sleeps). Elsewhere the figures read 0.
 */
public final class CpuMeter {
  /** What the reports' CPU figures ({@link Use#brief()}) say. */
  public static final String NOTE =
      "CPU = seconds this JVM + the PostgreSQL server spent and their share of the cores' time,"
          + " the whole machine's busy share (what others ran included) and its share idle waiting"
          + " on IO";

  /** Clock ticks per second of /proc's times (USER_HZ, 100 on Linux). */
  private static final double TICKS = 100;

  private final long postmaster;

  CpuMeter(long postmaster) {
    this.postmaster = postmaster;
  }

  /**
   * CPU used so far: by this JVM, by PostgreSQL, and by the whole machine (busy, waiting on IO).
   */
  public record Reading(
      long wallNanos,
      double jvmSeconds,
      double postgresSeconds,
      double machineBusySeconds,
      double machineIoWaitSeconds) {
    /** What was used between {@code before} and this reading. */
    public Use since(Reading before) {
      return new Use(
          (wallNanos - before.wallNanos) / 1e9,
          jvmSeconds - before.jvmSeconds,
          postgresSeconds - before.postgresSeconds,
          machineBusySeconds - before.machineBusySeconds,
          machineIoWaitSeconds - before.machineIoWaitSeconds);
    }
  }

  /**
   * CPU used over {@code seconds} of wall time: by this JVM and PostgreSQL, by every process of the
   * machine (what others ran beside the benchmark shows as the difference), and the cores' time
   * spent idle waiting on IO (flushes).
   */
  public record Use(
      double seconds,
      double jvmSeconds,
      double postgresSeconds,
      double machineBusySeconds,
      double machineIoWaitSeconds) {
    /**
     * "3.1 + 4.0 s = 85%, machine 97%, IO wait 2%": JVM + PostgreSQL seconds and their share of the
     * cores' time, the whole machine's busy share, and its share idle waiting on IO.
     */
    public String brief() {
      return String.format(
          Locale.ROOT,
          "%.1f + %.1f s = %.0f%%, machine %.0f%%, IO wait %.0f%%",
          jvmSeconds,
          postgresSeconds,
          100 * share(),
          100 * machineBusySeconds / coreSeconds(),
          100 * machineIoWaitSeconds / coreSeconds());
    }

    /** The share of the cores' time the JVM and PostgreSQL used together. */
    public double share() {
      return (jvmSeconds + postgresSeconds) / coreSeconds();
    }

    private double coreSeconds() {
      return Runtime.getRuntime().availableProcessors() * seconds;
    }
  }

  public Reading read() {
    double[] machine = machineSeconds();
    return new Reading(System.nanoTime(), jvmSeconds(), postgresSeconds(), machine[0], machine[1]);
  }

  private static double jvmSeconds() {
    if (ManagementFactory.getOperatingSystemMXBean() instanceof OperatingSystemMXBean os) {
      return os.getProcessCpuTime() / 1e9;
    }
    return 0;
  }

  /**
   * The machine's busy and IO-wait seconds since boot, all cores together, from the first line of
   * /proc/stat: "cpu user nice system idle iowait irq softirq steal …" in clock ticks.
   */
  private static double[] machineSeconds() {
    try {
      String[] cpu = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
      long busy = 0;
      for (int field : new int[] {1, 2, 3, 6, 7, 8}) {
        busy += Long.parseLong(cpu[field]);
      }
      return new double[] {busy / TICKS, Long.parseLong(cpu[5]) / TICKS};
    } catch (IOException | RuntimeException e) {
      return new double[] {0, 0};
    }
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
