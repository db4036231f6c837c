package dev.clockwork.bench;

import dev.clockwork.bench.harness.CpuTimeProfiler;
import dev.clockwork.bench.report.InterpreterTables;
import dev.clockwork.bench.report.JsonSummary;
import dev.clockwork.bench.report.PairedResult;
import dev.clockwork.bench.report.RunReport;
import dev.clockwork.bench.report.Scores;
import dev.clockwork.bench.report.Section;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.NoBenchmarksException;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The pure interpreter with JMH, against Spring Statemachine and squirrel-foundation, next-fire
 * computation and allocation per transition. Besides the report it writes {@code
 * bench-summary.json} and JMH's own {@code jmh-result.json}.
 */
@Command(
    name = "interpreter",
    mixinStandardHelpOptions = true,
    description = {
      "JMH: the interpreter against Spring Statemachine and squirrel-foundation (~4 min)."
    })
public final class InterpreterCommand implements Callable<Integer> {
  static final String SPRING = "\\.spring$";

  @Spec CommandSpec spec;

  @Option(names = "--quick", description = "1 warm-up × 0.5 s, 2 iterations × 1 s (a smoke run)")
  boolean quick;

  @Option(names = "--forks", paramLabel = "N", description = "JVM forks per benchmark (1)")
  int forks = 1;

  @Option(
      names = "--warmup",
      paramLabel = "N",
      description =
          "warm-up iterations (5): on a busy machine the JIT needs seconds to compile the step")
  int warmupIterations = 5;

  @Option(
      names = "--warmup-time",
      paramLabel = "T",
      converter = Time.class,
      description = "warm-up iteration time, e.g. 1s, 500ms (1s)")
  TimeValue warmupTime = TimeValue.seconds(1);

  @Option(
      names = "--spring-warmup",
      paramLabel = "N",
      description =
          "warm-up iterations of the Spring Statemachine benchmarks (10): its reactive stack needs"
              + " ~10 s to reach steady state, and measuring it cold would flatter Clockwork")
  int springWarmupIterations = 10;

  @Option(names = "--iterations", paramLabel = "N", description = "measured iterations (3)")
  int iterations = 3;

  @Option(
      names = "--time",
      paramLabel = "T",
      converter = Time.class,
      description = "measured iteration time (2s)")
  TimeValue time = TimeValue.seconds(2);

  @Option(
      names = "--include",
      paramLabel = "REGEX",
      description = "only benchmarks matching REGEX, e.g. Toggle")
  String include = "dev\\.clockwork\\.bench\\..*Benchmark\\..*";

  @Option(
      names = "--prof",
      paramLabel = "NAME",
      description = "add a JMH profiler, e.g. stack or 'stack:lines=5' (repeatable)")
  List<String> profilers = new ArrayList<>();

  @Option(names = "--no-gc", description = "leave out the GC profiler (no bytes/op columns)")
  boolean noGc;

  @Option(
      names = "--paired-rounds",
      paramLabel = "N",
      description =
          "round pairs of Clockwork and squirrel alternating on one thread, ~5 ms each, after"
              + " 3 s of warm-up per machine (200; 0 leaves them out): a ratio a busy machine"
              + " moves far less")
  int pairedRounds = 200;

  @Option(
      names = "--paired-only",
      description = "only the paired rounds, no JMH (~20 s): a quick look at the ratios")
  boolean pairedOnly;

  long pairedWarmupNanos = 3_000_000_000L;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description = "where the reports go (default: the jar's directory)")
  Path out;

  /** JMH's "1s", "500ms". */
  static final class Time implements ITypeConverter<TimeValue> {
    @Override
    public TimeValue convert(String value) {
      return TimeValue.fromString(value);
    }
  }

  /** The settings after --quick. */
  void applyQuick() {
    if (quick) {
      warmupIterations = 1;
      springWarmupIterations = 4;
      warmupTime = TimeValue.milliseconds(500);
      iterations = 2;
      time = TimeValue.seconds(1);
      pairedWarmupNanos = 1_000_000_000L;
      pairedRounds = Math.min(pairedRounds, 40);
    }
  }

  /** One line for the report header. */
  String describe() {
    if (pairedOnly) {
      return pairedRounds + " paired rounds only";
    }
    return String.format(
            Locale.ROOT,
            "fork %d, warm-up %d × %s (Spring Statemachine: %d × %s), measurement %d × %s%s",
            forks,
            warmupIterations,
            warmupTime,
            springWarmupIterations,
            warmupTime,
            iterations,
            time,
            noGc ? ", CPU time per op" : ", CPU time per op, -prof gc")
        + (pairedRounds > 0 ? ", " + pairedRounds + " paired rounds" : "");
  }

  @Override
  public Integer call() throws Exception {
    applyQuick();
    Path dir = out != null ? out : RunReport.defaultOut();
    Files.createDirectories(dir);
    RunReport report = new RunReport("interpreter", RunReport.commandLine(spec), describe());
    // the paired rounds first, while this JVM's JIT has nothing else queued
    List<PairedResult> paired = paired();
    List<RunResult> results = pairedOnly ? List.of() : jmh();
    Path jmh = dir.resolve("jmh-result.json");
    ResultFormatFactory.getInstance(ResultFormatType.JSON, jmh.toString()).writeOut(results);

    Scores scores = Scores.of(results);
    String large =
        String.format(
            Locale.ROOT,
            "toggle + %d extra states (%d states)",
            AllocationBenchmark.GROUPS * AllocationBenchmark.PER_GROUP,
            3 + AllocationBenchmark.GROUPS * (AllocationBenchmark.PER_GROUP + 1));
    InterpreterTables tables = new InterpreterTables(scores, large, paired, pairedRounds);
    report.add(new Section(tables.tables(), tables.targets()));
    report.finish(dir);
    Path json = dir.resolve("bench-summary.json");
    Files.writeString(json, JsonSummary.of(report.facts(), scores, tables));
    System.out.println("Saved " + json + " and " + jmh);
    return 0;
  }

  /**
   * The JMH passes. Spring Statemachine warms up far more slowly than the others, so it runs in its
   * own pass with more warm-up iterations; the rest keep the (shorter) common warm-up.
   */
  private List<RunResult> jmh() throws RunnerException {
    List<RunResult> results = new ArrayList<>();
    results.addAll(run(options().include(include).exclude(SPRING).build()));
    results.addAll(
        run(options().include(springInclude()).warmupIterations(springWarmupIterations).build()));
    return results;
  }

  /** The paired rounds of the machines {@code --include} names, in this JVM. */
  private List<PairedResult> paired() {
    List<PairedResult> paired = new ArrayList<>();
    if (pairedRounds > 0) {
      PairedRounds rounds = new PairedRounds(pairedWarmupNanos, pairedRounds);
      Pattern wanted = Pattern.compile(include);
      for (PairedRounds.Machine machine :
          PairedRounds.machines(name -> wanted.matcher(name + ".clockwork").find())) {
        RunReport.progress("Paired rounds: " + machine.label());
        paired.add(rounds.measure(machine));
      }
    }
    return paired;
  }

  /** The second pass: the Spring Statemachine benchmarks among those {@code --include} names. */
  String springInclude() {
    return "^(?=.*(?:" + include + ")).*" + SPRING;
  }

  /** Runs one pass; a pass that matches no benchmark is not an error (e.g. --include Cron). */
  private static Collection<RunResult> run(Options options) throws RunnerException {
    try {
      return new Runner(options).run();
    } catch (NoBenchmarksException none) {
      return List.of();
    }
  }

  private ChainedOptionsBuilder options() {
    ChainedOptionsBuilder options =
        new OptionsBuilder()
            .forks(forks)
            .warmupIterations(warmupIterations)
            .warmupTime(warmupTime)
            .measurementIterations(iterations)
            .measurementTime(time)
            .threads(1)
            .shouldFailOnError(true);
    options.addProfiler(CpuTimeProfiler.class);
    if (!noGc) {
      options.addProfiler(GCProfiler.class);
    }
    for (String profiler : profilers) {
      int colon = profiler.indexOf(':');
      if (colon < 0) {
        options.addProfiler(profiler);
      } else {
        options.addProfiler(profiler.substring(0, colon), profiler.substring(colon + 1));
      }
    }
    return options;
  }
}
