package dev.clockwork.bench.durable;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Runs the durable-path benchmarks against one embedded PostgreSQL and prints the report: Clockwork
 * throughput against db-scheduler and a raw JDBC ceiling, enqueue-to-commit latency, timers at
 * scale and timer lateness, each with its target and PASS or MISS, and where the database time
 * went. Also writes {@code durable-report.md} next to the jar (or to {@code --out}). Start it with
 * {@code clockwork-bench/run-durable [options]}; {@code --help} lists the options.
 */
public final class DurableReport {
  private DurableReport() {}

  public static void main(String[] args) throws IOException, InterruptedException {
    DurableSettings settings;
    try {
      settings = DurableSettings.from(args, defaultOut());
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.exit(2);
      return;
    }
    if (settings.help) {
      System.out.println(DurableSettings.USAGE);
      return;
    }
    Files.createDirectories(settings.out);
    Map<String, String> facts = RunFacts.of(settings, args);
    DurableTables tables = new DurableTables(settings);
    try (BenchPostgres postgres = BenchPostgres.start(settings.durable)) {
      facts.putAll(postgres.facts());
      progress("PostgreSQL up: " + facts.get("postgresql"));
      run(settings, postgres, tables);
    }
    facts.put("load average at end", RunFacts.loadAverage());

    StringBuilder text = new StringBuilder();
    facts.forEach((key, value) -> text.append(key).append(": ").append(value).append('\n'));
    text.append('\n').append(tables.render());
    System.out.println();
    System.out.println(text);
    Path markdown = settings.out.resolve("durable-report.md");
    Files.writeString(markdown, "# Clockwork durable-path benchmarks\n\n```\n" + text + "```\n");
    System.out.println("Saved " + markdown);
  }

  private static void run(DurableSettings settings, BenchPostgres server, DurableTables tables)
      throws InterruptedException {
    ClockworkThroughput clockwork = new ClockworkThroughput(server, settings);
    boolean seeded = false;
    if (settings.runs("throughput") || settings.runs("no-flush")) {
      progress(
          String.format(
              "seeding %,d instances × %d events ...",
              settings.instances, settings.eventsPerInstance));
      tables.seed(clockwork.seed());
      seeded = true;
    }
    if (settings.runs("throughput")) {
      for (int workers : settings.workerCounts) {
        progress("Clockwork throughput, " + workers + " worker(s) ...");
        tables.clockwork(clockwork.run(workers));
      }
    }
    try (BenchDatabase bench = server.create("bench")) {
      DbSchedulerThroughput dbScheduler =
          new DbSchedulerThroughput(bench, settings.dbSchedulerTasks);
      if (settings.runs("db-scheduler")) {
        for (DbSchedulerThroughput.Config config : DbSchedulerThroughput.CONFIGS) {
          progress("db-scheduler, " + config.name() + " ...");
          tables.dbScheduler(dbScheduler.run(config));
        }
      }
      RawCeiling raw = new RawCeiling(bench);
      if (settings.runs("raw")) {
        progress("raw JDBC ceiling ...");
        tables.raw(raw.run(settings.rawOps, settings.rawBatch, 2, settings.instances));
        tables.raw(raw.run(settings.rawOps, clockworkBatch(settings), 2, settings.instances));
        tables.raw(raw.run(settings.rawSingleOps, 1, 2, settings.instances));
      }
      if (settings.runs("no-flush") && server.durable() && seeded) {
        server.flush(false, false);
        try {
          int workers = tables.bestWorkers();
          progress(
              "without flushes: Clockwork "
                  + workers
                  + " workers, db-scheduler lock-and-fetch, raw ...");
          tables.clockwork(clockwork.run(workers));
          tables.dbScheduler(dbScheduler.run(DbSchedulerThroughput.LOCK_AND_FETCH));
          tables.raw(raw.run(settings.rawOps, settings.rawBatch, 2, settings.instances));
        } finally {
          server.flushAsStarted();
        }
      }
    }
    server.drop(ClockworkThroughput.SEED);
    if (settings.runs("latency")) {
      double rate = tables.loadRate();
      progress(String.format("latency, idle and at %.0f events/s ...", rate));
      tables.latency(new Latency(server, settings).run(2, rate));
    }
    double seedRate = Double.NaN;
    if (settings.runs("timers")) {
      TimersAtScale timers = new TimersAtScale(server);
      long[] sizes = {settings.smallArmed, settings.largeArmed};
      for (long armed : sizes) {
        long due = Math.round(armed * settings.dueFraction);
        progress(String.format("timers: %,d armed, %,d due ...", armed, due));
        tables.timers(timers.fireAll(armed, due, armed == sizes[0]));
        seedRate = timers.seedRate();
      }
    }
    if (settings.runs("lateness")) {
      progress(String.format("timer lateness at %,d fires/s ...", settings.latenessRate));
      TimerLateness lateness = new TimerLateness(server);
      tables.lateness(lateness.run(settings.latenessRate, settings.latenessSeconds, seedRate));
      int sustainable = tables.sustainableFireRate();
      if (sustainable < settings.latenessRate) {
        progress(String.format("timer lateness at %,d fires/s ...", sustainable));
        tables.lateness(
            lateness.run(sustainable, Math.max(5, settings.latenessSeconds / 2), seedRate));
      }
    }
  }

  /**
   * Events a Clockwork commit carries in the drain with default options: 50 instances a claim, each
   * with all its events (10, below the 20 a claim may take).
   */
  private static int clockworkBatch(DurableSettings settings) {
    return dev.clockwork.runtime.config.EngineOptions.builder().build().batchSize()
        * Math.min(settings.eventsPerInstance, 20);
  }

  private static void progress(String line) {
    System.out.println("[" + RunFacts.loadAverage() + "] " + line);
  }

  /**
   * The directory of the jar (or of the classes) this runs from: {@code clockwork-bench/target}.
   */
  private static Path defaultOut() {
    try {
      Path location =
          Path.of(DurableReport.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      return location.getParent();
    } catch (URISyntaxException | SecurityException | NullPointerException e) {
      return Path.of("clockwork-bench", "target");
    }
  }
}
