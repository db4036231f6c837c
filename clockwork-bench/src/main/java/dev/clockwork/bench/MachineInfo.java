package dev.clockwork.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** What the report says about the hardware, as far as the JVM and Linux tell. */
final class MachineInfo {
  private MachineInfo() {}

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
