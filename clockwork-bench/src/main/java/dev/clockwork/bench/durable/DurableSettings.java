package dev.clockwork.bench.durable;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** What the durable benchmarks measure and at which scale; see {@link #USAGE}. */
final class DurableSettings {
  static final List<String> SECTIONS =
      List.of("throughput", "db-scheduler", "raw", "no-flush", "latency", "timers", "lateness");

  static final String USAGE =
      String.join(
          "\n",
          "usage: clockwork-bench/run-durable [options]",
          "  --quick            every count ÷ 10 (a smoke run of a minute or two; figures are noisy)",
          "  --scale F          every count × F (e.g. 0.5)",
          "  --workers LIST     worker threads of the throughput runs (default 1,2,4)",
          "  --only LIST        some of: " + String.join(",", SECTIONS),
          "  --lateness-rate N  timer fires per second of the lateness run (default 5000)",
          "  --no-fsync         the embedded server's own default: fsync and synchronous_commit off",
          "                     (commits are not flushed; default is PostgreSQL's: both on)",
          "  --out DIR          where durable-report.md goes (default: the jar's directory)",
          "  --help             this text");

  int instances = 10_000;
  int eventsPerInstance = 10;
  List<Integer> workerCounts = List.of(1, 2, 4);
  int dbSchedulerTasks = 100_000;
  int rawOps = 100_000;
  int rawBatch = 100;
  int rawSingleOps = 10_000;
  int latencyInstances = 1_000;
  int idleSamples = 500;
  int loadSeconds = 15;
  int smallArmed = 10_000;
  int largeArmed = 1_000_000;
  double dueFraction = 0.1;
  int latenessRate = 5_000;
  int latenessSeconds = 10;
  int setupThreads = 4;
  boolean durable = true;
  double scale = 1;
  Set<String> sections = new LinkedHashSet<>(SECTIONS);
  Path out;
  boolean help;

  static DurableSettings from(String[] args, Path defaultOut) {
    DurableSettings s = new DurableSettings();
    s.out = defaultOut;
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      switch (arg) {
        case "--quick" -> s.scale *= 0.1;
        case "--scale" -> s.scale *= Double.parseDouble(value(args, ++i, arg));
        case "--workers" -> s.workerCounts = integers(value(args, ++i, arg));
        case "--only" -> s.sections = sections(value(args, ++i, arg));
        case "--lateness-rate" -> s.latenessRate = Integer.parseInt(value(args, ++i, arg));
        case "--no-fsync" -> s.durable = false;
        case "--out" -> s.out = Path.of(value(args, ++i, arg));
        case "--help", "-h" -> s.help = true;
        default -> throw new IllegalArgumentException("unknown option " + arg + "\n" + USAGE);
      }
    }
    s.applyScale();
    return s;
  }

  private void applyScale() {
    if (scale == 1) {
      return;
    }
    instances = scaled(instances);
    dbSchedulerTasks = scaled(dbSchedulerTasks);
    rawOps = scaled(rawOps);
    rawSingleOps = scaled(rawSingleOps);
    latencyInstances = scaled(latencyInstances);
    idleSamples = Math.max(50, scaled(idleSamples));
    loadSeconds = Math.max(5, scaled(loadSeconds));
    smallArmed = scaled(smallArmed);
    largeArmed = scaled(largeArmed);
    latenessSeconds = Math.max(5, scaled(latenessSeconds));
  }

  private int scaled(int count) {
    return Math.max(1, (int) Math.round(count * scale));
  }

  boolean runs(String section) {
    return sections.contains(section);
  }

  /** One line for the report. */
  String describe() {
    return String.format(
        Locale.ROOT,
        "scale %s, %,d instances × %d events, workers %s, db-scheduler %,d tasks, raw %,d ops,"
            + " timers %,d and %,d armed (%.0f%% due), lateness %,d fires/s for %d s, %s",
        scale == 1 ? "1 (full)" : String.format(Locale.ROOT, "%.3g", scale),
        instances,
        eventsPerInstance,
        workerCounts,
        dbSchedulerTasks,
        rawOps,
        smallArmed,
        largeArmed,
        100 * dueFraction,
        latenessRate,
        latenessSeconds,
        durable ? "fsync on" : "fsync off");
  }

  private static String value(String[] args, int i, String option) {
    if (i >= args.length) {
      throw new IllegalArgumentException(option + " needs a value\n" + USAGE);
    }
    return args[i];
  }

  private static List<Integer> integers(String list) {
    List<Integer> values = new ArrayList<>();
    for (String part : list.split(",")) {
      values.add(Integer.parseInt(part.trim()));
    }
    return List.copyOf(values);
  }

  private static Set<String> sections(String list) {
    Set<String> chosen = new LinkedHashSet<>();
    for (String part : list.split(",")) {
      String name = part.trim();
      if (!SECTIONS.contains(name)) {
        throw new IllegalArgumentException("unknown section " + name + "; one of " + SECTIONS);
      }
      chosen.add(name);
    }
    return chosen;
  }
}
