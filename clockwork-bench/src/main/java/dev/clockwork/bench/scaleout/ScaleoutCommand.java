package dev.clockwork.bench.scaleout;

import dev.clockwork.bench.harness.BenchPostgres;
import dev.clockwork.bench.harness.RunOptions;
import dev.clockwork.bench.report.RunReport;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Scale-out on one PostgreSQL: 1, 2, 4 and 8 engine processes (separate JVMs, the engine's
 * defaults) at the same offered load, and what each node costs the database — statements, rows
 * scanned and NOTIFY wake-ups per event, idle queries per second per node, throughput — with the
 * issue's three targets judged.
 */
@Command(
    name = "scaleout",
    mixinStandardHelpOptions = true,
    description = {
      "1, 2, 4 and 8 engine processes on one embedded PostgreSQL at the same offered load"
          + " (~6 minutes on 2 cores)."
    })
public final class ScaleoutCommand implements Callable<Integer> {
  @Mixin RunOptions run = new RunOptions();

  @Option(
      names = "--nodes",
      split = ",",
      paramLabel = "N",
      description = "engine processes of each configuration (default: ${DEFAULT-VALUE})",
      defaultValue = "1,2,4,8")
  List<Integer> nodes = new ArrayList<>();

  @Option(
      names = "--rate",
      paramLabel = "EVENTS",
      description =
          "events offered per second, the same for every configuration (default:"
              + " ${DEFAULT-VALUE})",
      defaultValue = "1000")
  double rate = 1000;

  @Option(
      names = "--seconds",
      paramLabel = "S",
      description =
          "how long the load is offered (default: ${DEFAULT-VALUE}; ÷ 10 with --quick,"
              + " at least 3)",
      defaultValue = "30")
  double seconds = 30;

  @Option(
      names = "--idle-seconds",
      paramLabel = "S",
      description = "the idle window (default: ${DEFAULT-VALUE}; ÷ 10 with --quick, at least 3)",
      defaultValue = "20")
  double idleSeconds = 20;

  int instances() {
    return run.scaled(2_000);
  }

  double loadSeconds() {
    return Math.max(3, seconds * run.factor());
  }

  double idleWindow() {
    return Math.max(3, idleSeconds * run.factor());
  }

  List<Integer> nodes() {
    for (int n : nodes) {
      if (n < 1) {
        throw new IllegalArgumentException("--nodes takes counts of 1 or more, not " + n);
      }
    }
    return nodes;
  }

  String describe() {
    return String.format(
        Locale.ROOT,
        "scale %s, nodes %s, %,d instances, %,.0f events/s offered for %.0f s, idle window %.0f s,"
            + " %s",
        run.describeScale(),
        nodes,
        instances(),
        rate,
        loadSeconds(),
        idleWindow(),
        run.durable() ? "fsync on" : "fsync off");
  }

  @Override
  public Integer call() throws Exception {
    nodes();
    RunReport report = new RunReport("scaleout", run.commandLine(), describe());
    List<ScaleoutRun.Result> results = new ArrayList<>();
    try (BenchPostgres postgres = BenchPostgres.start(run.durable())) {
      postgres.facts().forEach(report::fact);
      ScaleoutRun scaleout =
          new ScaleoutRun(postgres, instances(), rate, loadSeconds(), idleWindow());
      for (int n : nodes) {
        RunReport.progress(n + " engine processes ...");
        results.add(scaleout.run(n, run.out().resolve("scaleout-logs")));
      }
    }
    report.add(ScaleoutTables.section(results));
    report.finish(run.out());
    return report.exitCode();
  }
}
