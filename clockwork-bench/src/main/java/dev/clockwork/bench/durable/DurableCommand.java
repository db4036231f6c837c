package dev.clockwork.bench.durable;

import dev.clockwork.bench.harness.BenchDatabase;
import dev.clockwork.bench.harness.BenchPostgres;
import dev.clockwork.bench.harness.RunOptions;
import dev.clockwork.bench.harness.Sections;
import dev.clockwork.bench.report.RunReport;
import dev.clockwork.runtime.config.Settings;
import dev.clockwork.runtime.config.WorkerSettings;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The durable path on one embedded PostgreSQL: Clockwork's throughput in several engine
 * configurations against db-scheduler and a raw JDBC ceiling, enqueue-to-commit latency, timers at
 * scale and timer lateness, each with its target and PASS or MISS, and where the database time
 * went. Everything is measured through {@code EngineListener}s and {@code Engine.start()}.
 */
@Command(
    name = "durable",
    mixinStandardHelpOptions = true,
    description = {
      "The durable path on embedded PostgreSQL 17 against db-scheduler (~15 minutes on 2 cores)."
    })
public final class DurableCommand implements Callable<Integer> {
  static final List<String> SECTIONS =
      List.of("throughput", "db-scheduler", "raw", "no-flush", "latency", "timers", "lateness");

  /** The engine's defaults, for the report. */
  static final WorkerSettings DEFAULTS = Settings.defaults().workers();

  @Mixin RunOptions run = new RunOptions();

  @Option(
      names = "--configs",
      split = ",",
      paramLabel = "ExT[:CAP]",
      description =
          "engines × worker threads of the throughput runs, each engine a node with its own store on"
              + " the one database, optionally with the machine's concurrency cap (default:"
              + " ${DEFAULT-VALUE}; caps default to 10)",
      defaultValue = "1x2,1x16,2x16,2x16:100")
  List<String> configs = new ArrayList<>();

  @Option(
      names = "--only",
      split = ",",
      paramLabel = "SECTION",
      description = "some of: throughput, db-scheduler, raw, no-flush, latency, timers, lateness")
  Set<String> only = new LinkedHashSet<>();

  @Option(
      names = "--lateness-rates",
      split = ",",
      paramLabel = "N",
      description = "timer fires per second of the lateness runs (default: ${DEFAULT-VALUE})",
      defaultValue = "500,5000")
  List<Integer> latenessRates = new ArrayList<>();

  @Option(
      names = "--timers-config",
      paramLabel = "ExT[:CAP]",
      description =
          "the engine of the timers and lateness runs, as in --configs (default: ${DEFAULT-VALUE},"
              + " the engine's defaults)",
      defaultValue = "1x16")
  String timersConfig = "1x16";

  @Option(
      names = "--lateness-seconds",
      paramLabel = "S",
      description = "how long each lateness run fires (default: ${DEFAULT-VALUE})",
      defaultValue = "10")
  int latenessSeconds = 10;

  int eventsPerInstance = 10;
  int rawBatch = 100;
  double dueFraction = 0.1;
  int setupThreads = 4;

  int instances() {
    return run.scaled(10_000);
  }

  int dbSchedulerTasks() {
    return run.scaled(100_000);
  }

  int rawOps() {
    return run.scaled(100_000);
  }

  int rawSingleOps() {
    return run.scaled(10_000);
  }

  /** At least one per producer of the loaded phase, whatever the scale. */
  int latencyInstances() {
    return Math.max(Latency.PRODUCERS, run.scaled(1_000));
  }

  int idleSamples() {
    return Math.max(50, run.scaled(500));
  }

  int loadSeconds() {
    return Math.max(5, run.scaled(15));
  }

  int smallArmed() {
    return run.scaled(10_000);
  }

  int largeArmed() {
    return run.scaled(1_000_000);
  }

  /**
   * Timer fires before the timer sections, so that they measure compiled code: C2 compiles the
   * claim, turn and commit paths over tens of thousands of fires. With a thousand (a tenth of the
   * quick mode's 100,000 armed, 10 % due) the lateness run at 5,000 fires/s spent 14 s of compiler
   * threads inside its 10 s window (JFR, 2026-11-29) on the 2 cores it measures.
   */
  long warmUpFires() {
    return Math.min(run.scaled(500_000), 50_000);
  }

  List<EngineConfig> configs() {
    return configs.stream().map(EngineConfig::parse).toList();
  }

  EngineConfig timersConfig() {
    return EngineConfig.parse(timersConfig);
  }

  boolean runs(String section) {
    return Sections.runs(SECTIONS, only, section);
  }

  /** One line for the report. */
  String describe() {
    return String.format(
        Locale.ROOT,
        "scale %s, %,d instances × %d events, configurations %s, db-scheduler %,d tasks, raw %,d"
            + " ops, timers %,d and %,d armed (%.0f%% due), lateness %s fires/s for %d s, timers on %s, %s",
        run.describeScale(),
        instances(),
        eventsPerInstance,
        configs,
        dbSchedulerTasks(),
        rawOps(),
        smallArmed(),
        largeArmed(),
        100 * dueFraction,
        latenessRates,
        latenessSeconds,
        timersConfig,
        run.durable() ? "fsync on" : "fsync off");
  }

  @Override
  public Integer call() throws Exception {
    configs(); // fails on a malformed configuration before the server starts
    timersConfig();
    RunReport report = new RunReport("durable", run.commandLine(), describe());
    DurableTables tables = new DurableTables(this);
    try (BenchPostgres postgres = BenchPostgres.start(run.durable())) {
      postgres.facts().forEach(report::fact);
      RunReport.progress("PostgreSQL up");
      measure(postgres, tables);
    }
    tables.sections().forEach(report::add);
    report.finish(run.out());
    return report.exitCode();
  }

  private void measure(BenchPostgres server, DurableTables tables) throws InterruptedException {
    ClockworkThroughput clockwork = new ClockworkThroughput(server, this);
    boolean seeded = false;
    if (runs("throughput") || runs("no-flush")) {
      RunReport.progress(
          String.format(
              Locale.ROOT,
              "seeding %,d instances × %d events ...",
              instances(),
              eventsPerInstance));
      tables.seed(clockwork.seed());
      seeded = true;
    }
    if (seeded) {
      // the JIT compiles the engine here, not in the first measured configuration
      RunReport.progress("warming up: a drain of " + configs().get(0).describe() + " ...");
      clockwork.warmUp(configs().get(0));
    }
    if (runs("throughput")) {
      for (EngineConfig config : configs()) {
        RunReport.progress("Clockwork throughput, " + config.describe() + " ...");
        tables.clockwork(clockwork.run(config));
      }
    }
    try (BenchDatabase bench = server.create("bench")) {
      DbSchedulerThroughput dbScheduler = new DbSchedulerThroughput(bench, dbSchedulerTasks());
      if (runs("db-scheduler")) {
        for (DbSchedulerThroughput.Config config : DbSchedulerThroughput.CONFIGS) {
          RunReport.progress("db-scheduler, " + config.name() + " ...");
          tables.dbScheduler(dbScheduler.run(config));
        }
      }
      RawCeiling raw = new RawCeiling(bench);
      if (runs("raw")) {
        RunReport.progress("raw JDBC ceiling ...");
        tables.raw(raw.run(rawOps(), rawBatch, 2, instances()));
        tables.raw(raw.run(rawSingleOps(), 1, 2, instances()));
      }
      if (runs("no-flush") && server.durable() && seeded) {
        server.flush(false, false);
        try {
          EngineConfig best = tables.bestConfig();
          RunReport.progress(
              "without flushes: Clockwork " + best.describe() + ", db-scheduler, raw ...");
          tables.clockwork(clockwork.run(best));
          tables.dbScheduler(dbScheduler.run(DbSchedulerThroughput.LOCK_AND_FETCH));
          tables.raw(raw.run(rawOps(), rawBatch, 2, instances()));
        } finally {
          server.flushAsStarted();
        }
      }
    }
    server.drop(ClockworkThroughput.SEED);
    if (runs("latency")) {
      double rate = tables.loadRate();
      RunReport.progress(
          String.format(Locale.ROOT, "latency, idle and at %.0f events/s ...", rate));
      tables.latency(new Latency(server, this).run(rate));
    }
    double seedRate = Double.NaN;
    if (runs("timers") || runs("lateness")) {
      // the JIT compiles the timer path here (the throughput warm-up does not fire timers)
      long due = warmUpFires();
      long armed = Math.max(largeArmed() / 10, due);
      RunReport.progress(
          String.format(Locale.ROOT, "warming up: timers, %,d armed, %,d due ...", armed, due));
      TimersAtScale.Result warm =
          new TimersAtScale(server).fireAll(timersConfig(), armed, due, false);
      if (!warm.correct()) {
        throw new IllegalStateException("the timers' warm-up went wrong: " + warm.verification());
      }
    }
    if (runs("timers")) {
      TimersAtScale timers = new TimersAtScale(server);
      long[] sizes = {smallArmed(), largeArmed()};
      for (long armed : sizes) {
        long due = Math.round(armed * dueFraction);
        RunReport.progress(
            String.format(Locale.ROOT, "timers: %,d armed, %,d due ...", armed, due));
        tables.timers(timers.fireAll(timersConfig(), armed, due, armed == sizes[0]));
        seedRate = timers.seedRate();
      }
    }
    if (runs("lateness")) {
      TimerLateness lateness = new TimerLateness(server);
      for (int rate : latenessRates) {
        RunReport.progress(String.format(Locale.ROOT, "timer lateness at %,d fires/s ...", rate));
        tables.lateness(lateness.run(timersConfig(), rate, latenessSeconds, seedRate));
      }
    }
  }
}
