package dev.clockwork.bench.queues;

import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** What the queue benchmarks measure and at which scale; see {@link #USAGE}. */
final class QueueSettings {
  static final List<String> SECTIONS = List.of("priority", "concurrency", "poison");

  static final String USAGE =
      String.join(
          "\n",
          "usage: clockwork-bench/run-queues [options]",
          "  --quick              every count ÷ 10, 3 rounds: a smoke run of about a minute, noisy",
          "  --scale F            every count × F (e.g. 0.5)",
          "  --rounds N           measured rounds per variant, after one warm-up round (default 5)",
          "  --workers N          worker threads of every drain (default 2)",
          "  --only LIST          some of: " + String.join(",", SECTIONS),
          "  --setup-threads N    threads seeding through the engine (default 4; not measured)",
          "  --no-fsync           fsync and synchronous_commit off, the embedded server's default",
          "                       (commits are not flushed; default is PostgreSQL's: both on)",
          "  --out DIR            where queues-report.md goes (default: the jar's directory)",
          "  --help               this text");

  /** Healthy instances of the priority and poison runs, each with {@link #eventsPerInstance}. */
  int instances = 5_000;

  int eventsPerInstance = 10;

  /** Instances holding only poisoned events, each with {@link #poisonPerInstance}. */
  int poisonInstances = 1_000;

  int poisonPerInstance = 10;

  /** The concurrency run: this many machines with {@link #instancesPerMachine} instances each. */
  int machines = 10;

  int instancesPerMachine = 500;
  int cap = 2;
  int workers = 2;
  int rounds = 5;
  int warmUps = 1;
  int setupThreads = 4;
  boolean durable = true;
  double scale = 1;
  Set<String> sections = new LinkedHashSet<>(SECTIONS);
  Path out;
  boolean help;

  static QueueSettings from(String[] args, Path defaultOut) {
    QueueSettings s = new QueueSettings();
    s.out = defaultOut;
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      switch (arg) {
        case "--quick" -> {
          s.scale *= 0.1;
          s.rounds = 3;
        }
        case "--scale" -> s.scale *= positive(value(args, ++i, arg), arg);
        case "--rounds" -> s.rounds = count(value(args, ++i, arg), arg);
        case "--workers" -> s.workers = count(value(args, ++i, arg), arg);
        case "--only" -> s.sections = sections(value(args, ++i, arg));
        case "--setup-threads" -> s.setupThreads = count(value(args, ++i, arg), arg);
        case "--no-fsync" -> s.durable = false;
        case "--out" -> s.out = Path.of(value(args, ++i, arg));
        case "--help", "-h" -> s.help = true;
        default -> throw new IllegalArgumentException("unknown option " + arg + "\n" + USAGE);
      }
    }
    s.instances = s.scaled(s.instances);
    s.poisonInstances = s.scaled(s.poisonInstances);
    s.instancesPerMachine = s.scaled(s.instancesPerMachine);
    return s;
  }

  /**
   * Instances claimed per round in the concurrency run: the workers together lease at most the sum
   * of the caps, so the cap is not what limits the uncapped run either.
   */
  int capBatchSize() {
    return Math.max(1, machines * cap / workers);
  }

  int poisonEvents() {
    return poisonInstances * poisonPerInstance;
  }

  boolean runs(String section) {
    return sections.contains(section);
  }

  /** One line for the report. */
  String describe() {
    return String.format(
        Locale.ROOT,
        "scale %s, %d worker(s), %d measured round(s) after %d warm-up per variant; priority:"
            + " %,d instances × %d events; concurrency: %d machines × %,d instances × %d events,"
            + " cap %d; poison: %,d poisoned events (%,d instances × %d) among %,d × %d healthy;"
            + " %s",
        scale == 1 ? "1 (full)" : String.format(Locale.ROOT, "%.3g", scale),
        workers,
        rounds,
        warmUps,
        instances,
        eventsPerInstance,
        machines,
        instancesPerMachine,
        eventsPerInstance,
        cap,
        poisonEvents(),
        poisonInstances,
        poisonPerInstance,
        instances,
        eventsPerInstance,
        durable ? "fsync on" : "fsync off");
  }

  private int scaled(int count) {
    return Math.max(1, (int) Math.round(count * scale));
  }

  private static String value(String[] args, int i, String option) {
    if (i >= args.length) {
      throw new IllegalArgumentException(option + " needs a value\n" + USAGE);
    }
    return args[i];
  }

  private static double positive(String text, String option) {
    double value;
    try {
      value = Double.parseDouble(text);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(option + " needs a number, not " + text, e);
    }
    if (!(value > 0)) {
      throw new IllegalArgumentException(option + " must be above 0, not " + text);
    }
    return value;
  }

  private static int count(String text, String option) {
    int value;
    try {
      value = Integer.parseInt(text.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(option + " needs a whole number, not " + text, e);
    }
    if (value < 1) {
      throw new IllegalArgumentException(option + " must be 1 or more, not " + text);
    }
    return value;
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
