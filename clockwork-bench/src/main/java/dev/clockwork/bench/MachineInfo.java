package dev.clockwork.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** What the report says about the hardware, as far as the JVM and Linux tell. */
final class MachineInfo {
  private MachineInfo() {}

  /**
   * The 1, 5 and 15 minute load averages from /proc/loadavg (anything else running competes for the
   * same cores and shows up as noise), or "unknown" elsewhere.
   */
  static String loadAverage() {
    try {
      String[] parts = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
      return parts[0] + " " + parts[1] + " " + parts[2];
    } catch (IOException | RuntimeException e) {
      return "unknown";
    }
  }

  /** The first "model name" of /proc/cpuinfo, or "unknown" elsewhere. */
  static String cpuModel() {
    Path cpuinfo = Path.of("/proc/cpuinfo");
    if (!Files.isReadable(cpuinfo)) {
      return "unknown";
    }
    try {
      List<String> lines = Files.readAllLines(cpuinfo);
      for (String line : lines) {
        if (line.startsWith("model name")) {
          return line.substring(line.indexOf(':') + 1).trim();
        }
      }
    } catch (IOException e) {
      return "unknown";
    }
    return "unknown";
  }
}
