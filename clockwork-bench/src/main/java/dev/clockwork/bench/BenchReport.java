package dev.clockwork.bench;

import dev.clockwork.bench.report.JsonSummary;
import dev.clockwork.bench.report.Report;
import dev.clockwork.bench.report.Scores;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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

/**
 * Runs every benchmark of this module with JMH and prints the comparison table; also writes {@code
 * bench-report.md}, {@code bench-summary.json} and JMH's own {@code jmh-result.json} next to the
 * jar (or to {@code --out}). Start it with {@code clockwork-bench/run [options]}; {@code --help}
 * lists the options.
 */
public final class BenchReport {
  private static final String SPRING = "\\.spring$";

  private BenchReport() {}

  public static void main(String[] args) throws IOException, RunnerException {
    Settings settings;
    try {
      settings = Settings.from(System.getProperties(), args, defaultOut());
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.exit(2);
      return;
    }
    if (settings.help) {
      System.out.println(Settings.USAGE);
      return;
    }
    Files.createDirectories(settings.out);
    Map<String, String> run = runFacts(settings, args);
    // Spring Statemachine warms up far more slowly than the others, so it runs in its own pass
    // with more warm-up iterations; the rest keep the (shorter) common warm-up.
    List<RunResult> results = new ArrayList<>();
    results.addAll(run(options(settings).include(settings.include).exclude(SPRING).build()));
    results.addAll(
        run(
            options(settings)
                .include("^(?=.*(?:" + settings.include + ")).*" + SPRING)
                .warmupIterations(settings.springWarmupIterations)
                .build()));
    ResultFormatFactory.getInstance(ResultFormatType.JSON, jmhResult(settings).toString())
        .writeOut(results);
    run.put("load average at end", MachineInfo.loadAverage());

    Scores scores = Scores.of(results);
    String large =
        String.format(
            "toggle + %d extra states (%d states)",
            AllocationBenchmark.GROUPS * AllocationBenchmark.PER_GROUP,
            3 + AllocationBenchmark.GROUPS * (AllocationBenchmark.PER_GROUP + 1));
    Report report = new Report(scores, large);
    String tables = report.tables();
    List<String> misses = report.misses();

    StringBuilder text = new StringBuilder();
    run.forEach((key, value) -> text.append(key).append(": ").append(value).append('\n'));
    text.append('\n').append(tables);
    misses.forEach(miss -> text.append(miss).append('\n'));
    System.out.println();
    System.out.println(text);

    Path markdown = settings.out.resolve("bench-report.md");
    Path json = settings.out.resolve("bench-summary.json");
    Files.writeString(markdown, "# Clockwork benchmarks\n\n```\n" + text + "```\n");
    Files.writeString(json, JsonSummary.of(run, scores, report));
    System.out.println("Saved " + markdown + ", " + json + " and " + jmhResult(settings));
  }

  /** Runs one pass; a pass that matches no benchmark is not an error (e.g. --include Cron). */
  private static Collection<RunResult> run(Options options) throws RunnerException {
    try {
      return new Runner(options).run();
    } catch (NoBenchmarksException none) {
      return List.of();
    }
  }

  private static ChainedOptionsBuilder options(Settings settings) {
    ChainedOptionsBuilder options =
        new OptionsBuilder()
            .forks(settings.forks)
            .warmupIterations(settings.warmupIterations)
            .warmupTime(settings.warmupTime)
            .measurementIterations(settings.iterations)
            .measurementTime(settings.time)
            .threads(1)
            .shouldFailOnError(true);
    if (settings.gcProfiler) {
      options.addProfiler(GCProfiler.class);
    }
    for (String profiler : settings.profilers) {
      int colon = profiler.indexOf(':');
      if (colon < 0) {
        options.addProfiler(profiler);
      } else {
        options.addProfiler(profiler.substring(0, colon), profiler.substring(colon + 1));
      }
    }
    return options;
  }

  private static Path jmhResult(Settings settings) {
    return settings.out.resolve("jmh-result.json");
  }

  private static Map<String, String> runFacts(Settings settings, String[] args) {
    Map<String, String> run = new LinkedHashMap<>();
    run.put(
        "date",
        ZonedDateTime.now(Clock.systemDefaultZone())
            .format(DateTimeFormatter.ISO_OFFSET_DATE_TIME));
    run.put("command", ("clockwork-bench/run " + String.join(" ", args)).trim());
    run.put("commit", System.getProperty("bench.commit", "unknown"));
    run.put("settings", settings.describe());
    run.put("cpus", String.valueOf(Runtime.getRuntime().availableProcessors()));
    run.put("load average at start", MachineInfo.loadAverage());
    run.put("cpu", MachineInfo.cpuModel());
    run.put(
        "java",
        System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
    run.put(
        "os",
        System.getProperty("os.name")
            + " "
            + System.getProperty("os.version")
            + " "
            + System.getProperty("os.arch"));
    return run;
  }

  /**
   * The directory of the jar (or of the classes) this runs from: {@code clockwork-bench/target}.
   */
  private static Path defaultOut() {
    try {
      Path location =
          Path.of(BenchReport.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      return location.getParent();
    } catch (URISyntaxException | SecurityException | NullPointerException e) {
      return Path.of("clockwork-bench", "target");
    }
  }
}
