package dev.clockwork.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** What a report says about the run and the machine, as far as the JVM and Linux tell. */
public final class RunFacts {
  private RunFacts() {}

  /**
   * The facts of {@code command}: date, command line, commit (the {@code bench.commit} property the
   * script passes), settings, and the machine.
   */
  static Map<String, String> of(String command, String settings) {
    Map<String, String> facts = new LinkedHashMap<>();
    facts.put(
        "date",
        ZonedDateTime.now(Clock.systemDefaultZone())
            .format(DateTimeFormatter.ISO_OFFSET_DATE_TIME));
    facts.put("command", command);
    facts.put("commit", System.getProperty("bench.commit", "unknown"));
    facts.put("settings", settings);
    facts.put("cpus", String.valueOf(Runtime.getRuntime().availableProcessors()));
    facts.put("memory", memory());
    facts.put("load average at start", loadAverage());
    facts.put("cpu", cpuModel());
    facts.put(
        "java",
        System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
    facts.put(
        "os",
        System.getProperty("os.name")
            + " "
            + System.getProperty("os.version")
            + " "
            + System.getProperty("os.arch"));
    return facts;
  }

  /**
   * The 1, 5 and 15 minute load averages from /proc/loadavg (anything else running competes for the
   * same cores and shows up as noise), or "unknown" elsewhere.
   */
  public static String loadAverage() {
    try {
      String[] parts = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
      return parts[0] + " " + parts[1] + " " + parts[2];
    } catch (IOException | RuntimeException e) {
      return "unknown";
    }
  }

  private static String cpuModel() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
        if (line.startsWith("model name")) {
          return line.substring(line.indexOf(':') + 1).trim();
        }
      }
    } catch (IOException | RuntimeException e) {
      return "unknown";
    }
    return "unknown";
  }

  private static String memory() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
        if (line.startsWith("MemTotal:")) {
          long kb = Long.parseLong(line.replaceAll("\\D", ""));
          return String.format(Locale.ROOT, "%.0f GB RAM", kb / 1024.0 / 1024.0);
        }
      }
    } catch (IOException | RuntimeException e) {
      return "unknown";
    }
    return "unknown";
  }
}
