package dev.clockwork.bench.api;

import dev.clockwork.bench.harness.BenchPostgres;
import dev.clockwork.bench.harness.CpuMeter;
import dev.clockwork.bench.harness.RunOptions;
import dev.clockwork.bench.harness.Sections;
import dev.clockwork.bench.report.RunReport;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The HTTP API on embedded PostgreSQL. {@code queued}: queued sends at a fixed rate (1,000/s by
 * default) while the workers run, latency counted from each request's due time; {@code lists}: the
 * list endpoints over 100,000 instances and 1,000,000 history rows, one call at a time. The load
 * generator runs in the same JVM as the server, on the same cores. Targets are printed with PASS or
 * MISS, never asserted.
 */
@Command(
    name = "api",
    mixinStandardHelpOptions = true,
    description = {
      "The HTTP API on embedded PostgreSQL 17: queued sends at 1,000/s, list endpoints over"
          + " 100,000 instances and 1,000,000 history rows (~3 min)."
    })
public final class ApiCommand implements Callable<Integer> {
  static final List<String> SECTIONS = List.of("queued", "lists");

  @Mixin RunOptions run = new RunOptions();

  @Option(
      names = "--rate",
      paramLabel = "N",
      description = "queued sends per second (default ${DEFAULT-VALUE})",
      defaultValue = "1000")
  int rate = 1000;

  @Option(
      names = "--seconds",
      paramLabel = "S",
      description = "measured seconds of queued sends (default ${DEFAULT-VALUE})",
      defaultValue = "10")
  int seconds = 10;

  @Option(
      names = "--no-workers",
      description = "queued sends with the workers stopped: the enqueue path alone")
  boolean noWorkers;

  @Option(
      names = "--only",
      split = ",",
      paramLabel = "SECTION",
      description = "some of: queued, lists")
  Set<String> only = new LinkedHashSet<>();

  int rate() {
    if (rate < 1) {
      throw new IllegalArgumentException("--rate must be 1 or more, not " + rate);
    }
    return rate;
  }

  int seconds() {
    if (seconds < 1) {
      throw new IllegalArgumentException("--seconds must be 1 or more, not " + seconds);
    }
    return run.factor() < 1 ? Math.max(1, seconds / 5) : seconds;
  }

  /** Instances the queued sends go to. */
  int instances() {
    return run.scaled(1_000);
  }

  /** Instances of the list database. */
  int listInstances() {
    return Math.max(2, run.scaled(100_000));
  }

  /** History rows of the list database, in all. */
  int historyRows() {
    return run.scaled(1_000_000);
  }

  /** Calls per list endpoint. */
  int calls() {
    return run.factor() < 1 ? 50 : 200;
  }

  @Override
  public Integer call() throws Exception {
    Sections.runs(SECTIONS, only, "queued");
    RunReport report =
        new RunReport(
            "api",
            run.commandLine(),
            String.format(
                Locale.ROOT,
                "%d queued sends/s for %d s over %d instances; lists over %d instances, %d history"
                    + " rows; %s",
                rate(),
                seconds(),
                instances(),
                listInstances(),
                historyRows(),
                run.describeScale()));
    try (BenchPostgres postgres = BenchPostgres.start(run.durable())) {
      postgres.facts().forEach(report::fact);
      report.fact("cpu figures", CpuMeter.NOTE);
      report.fact("load", "generated in the server's JVM, on the same 2 cores");
      RunReport.progress("PostgreSQL up");
      if (Sections.runs(SECTIONS, only, "queued")) {
        report.add(new QueuedSendBench(postgres, this).run());
      }
      if (Sections.runs(SECTIONS, only, "lists")) {
        report.add(new ListEndpointsBench(postgres, this).run());
      }
    }
    report.finish(run.out());
    return report.exitCode();
  }
}
