package dev.clockwork.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * How long and what to measure. Defaults: 1 fork, 2 warm-up iterations of 1 s, 3 measured
 * iterations of 2 s, the GC profiler on. System properties ({@code -Dbench.forks=2}) override the
 * defaults; command-line options override both. See {@link #USAGE}.
 */
final class Settings {
  static final String USAGE =
      String.join(
          "\n",
          "usage: clockwork-bench/run [options]",
          "  --quick              1 warm-up × 0.5 s, 2 iterations × 1 s (a smoke run, noisy)",
          "  --forks N            JVM forks per benchmark (default 1; bench.forks)",
          "  --warmup N           warm-up iterations (default 2; bench.warmup)",
          "  --warmup-time T      warm-up iteration time, e.g. 1s, 500ms (bench.warmupTime)",
          "  --spring-warmup N    warm-up iterations of the Spring Statemachine benchmarks (default",
          "                       10; bench.springWarmup): its reactive stack needs ~10 s to reach",
          "                       steady state, and measuring it cold would flatter Clockwork",
          "  --iterations N       measured iterations (default 3; bench.iterations)",
          "  --time T             measured iteration time (default 2s; bench.time)",
          "  --include REGEX      only benchmarks matching REGEX, e.g. Toggle (bench.include)",
          "  --prof NAME          add a JMH profiler, e.g. stack or 'stack:lines=5' (repeatable)",
          "  --no-gc              leave out the GC profiler (no bytes/op columns)",
          "  --out DIR            where reports go (default: the jar's directory; bench.out)",
          "  --help               this text");

  int forks = 1;
  int warmupIterations = 2;
  int springWarmupIterations = 10;
  TimeValue warmupTime = TimeValue.seconds(1);
  int iterations = 3;
  TimeValue time = TimeValue.seconds(2);
  String include = "dev\\.clockwork\\.bench\\..*Benchmark\\..*";
  boolean gcProfiler = true;
  final List<String> profilers = new ArrayList<>();
  Path out;
  boolean help;

  /** The settings for these system properties and arguments. */
  static Settings from(Map<?, ?> properties, String[] args, Path defaultOut) {
    Settings s = new Settings();
    s.out = defaultOut;
    s.forks = intValue(properties, "bench.forks", s.forks);
    s.warmupIterations = intValue(properties, "bench.warmup", s.warmupIterations);
    s.springWarmupIterations = intValue(properties, "bench.springWarmup", s.springWarmupIterations);
    s.iterations = intValue(properties, "bench.iterations", s.iterations);
    if (properties.get("bench.warmupTime") != null) {
      s.warmupTime = TimeValue.fromString(properties.get("bench.warmupTime").toString());
    }
    if (properties.get("bench.time") != null) {
      s.time = TimeValue.fromString(properties.get("bench.time").toString());
    }
    if (properties.get("bench.include") != null) {
      s.include = properties.get("bench.include").toString();
    }
    if (properties.get("bench.out") != null) {
      s.out = Path.of(properties.get("bench.out").toString());
    }
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      switch (arg) {
        case "--quick":
          s.warmupIterations = 1;
          s.springWarmupIterations = 4;
          s.warmupTime = TimeValue.milliseconds(500);
          s.iterations = 2;
          s.time = TimeValue.seconds(1);
          break;
        case "--forks":
          s.forks = Integer.parseInt(value(args, ++i, arg));
          break;
        case "--warmup":
          s.warmupIterations = Integer.parseInt(value(args, ++i, arg));
          break;
        case "--warmup-time":
          s.warmupTime = TimeValue.fromString(value(args, ++i, arg));
          break;
        case "--spring-warmup":
          s.springWarmupIterations = Integer.parseInt(value(args, ++i, arg));
          break;
        case "--iterations":
          s.iterations = Integer.parseInt(value(args, ++i, arg));
          break;
        case "--time":
          s.time = TimeValue.fromString(value(args, ++i, arg));
          break;
        case "--include":
          s.include = value(args, ++i, arg);
          break;
        case "--prof":
          s.profilers.add(value(args, ++i, arg));
          break;
        case "--no-gc":
          s.gcProfiler = false;
          break;
        case "--out":
          s.out = Path.of(value(args, ++i, arg));
          break;
        case "--help":
        case "-h":
          s.help = true;
          break;
        default:
          throw new IllegalArgumentException("unknown option '" + arg + "'\n" + USAGE);
      }
    }
    return s;
  }

  /** One line for the report header. */
  String describe() {
    return String.format(
        "fork %d, warm-up %d × %s (Spring Statemachine: %d × %s), measurement %d × %s%s",
        forks,
        warmupIterations,
        warmupTime,
        springWarmupIterations,
        warmupTime,
        iterations,
        time,
        gcProfiler ? ", -prof gc" : "");
  }

  private static int intValue(Map<?, ?> properties, String key, int fallback) {
    Object value = properties.get(key);
    return value == null ? fallback : Integer.parseInt(value.toString());
  }

  private static String value(String[] args, int index, String option) {
    if (index >= args.length) {
      throw new IllegalArgumentException(option + " needs a value\n" + USAGE);
    }
    return args[index];
  }
}
