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
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * Runs every benchmark of this module with JMH and prints the comparison table; also writes {@code
 * bench-report.md}, {@code bench-summary.json} and JMH's own {@code jmh-result.json} next to the
 * jar (or to {@code --out}). Start it with {@code clockwork-bench/run [options]}; {@code --help}
 * lists the options.
 */
public final class BenchReport {
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
    Collection<RunResult> results = new Runner(options(settings).build()).run();

    Scores scores = Scores.of(results);
    String large =
        String.format(
            "toggle + %d extra states (%d states)",
            AllocationBenchmark.GROUPS * AllocationBenchmark.PER_GROUP,
            3 + AllocationBenchmark.GROUPS * (AllocationBenchmark.PER_GROUP + 1));
    Report report = new Report(scores, large);
    Map<String, String> run = runFacts(settings, args);
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

  private static ChainedOptionsBuilder options(Settings settings) {
    ChainedOptionsBuilder options =
        new OptionsBuilder()
            .include(settings.include)
            .forks(settings.forks)
            .warmupIterations(settings.warmupIterations)
            .warmupTime(settings.warmupTime)
            .measurementIterations(settings.iterations)
            .measurementTime(settings.time)
            .threads(1)
            .shouldFailOnError(true)
            .resultFormat(ResultFormatType.JSON)
            .result(jmhResult(settings).toString());
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
    run.put("settings", settings.describe());
    run.put("cpus", String.valueOf(Runtime.getRuntime().availableProcessors()));
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
