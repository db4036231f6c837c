package dev.clockwork.bench.queues;

import dev.clockwork.bench.harness.BenchPostgres;
import dev.clockwork.bench.harness.CpuMeter;
import dev.clockwork.bench.harness.RunOptions;
import dev.clockwork.bench.harness.Sections;
import dev.clockwork.bench.report.RunReport;
import dev.clockwork.runtime.config.Settings;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The queue benchmarks on one embedded PostgreSQL: priority against fifo, concurrency caps, slow
 * actions under a cap and under the threads, and healthy throughput with poisoned events
 * dead-lettered among it, each with its figures, ratios and PASS or MISS. Each variant drains a
 * file-level copy of a seed made once through the engine; variants alternate within a round, and
 * targets are judged on the medians of the measured rounds.
 */
@Command(
    name = "queues",
    mixinStandardHelpOptions = true,
    description = {
      "Queues on embedded PostgreSQL 17: priority, caps, slow actions, poisoned events (~6 min)."
    })
public final class QueuesCommand implements Callable<Integer> {
  static final List<String> SECTIONS = List.of("priority", "caps", "slow", "poison");

  @Mixin RunOptions run = new RunOptions();

  @Option(
      names = "--rounds",
      paramLabel = "N",
      description = "measured rounds per variant, after one warm-up (default 5; 3 with --quick)")
  Integer rounds;

  @Option(
      names = "--threads",
      paramLabel = "N",
      description = "worker threads of every engine (default: the engine's, 16)")
  Integer threads;

  @Option(
      names = "--only",
      split = ",",
      paramLabel = "SECTION",
      description = "some of: priority, caps, slow, poison")
  Set<String> only = new LinkedHashSet<>();

  @Option(
      names = "--setup-threads",
      paramLabel = "N",
      description = "threads seeding through the engine (not measured; default ${DEFAULT-VALUE})",
      defaultValue = "4")
  int setupThreads = 4;

  int eventsPerInstance = 10;
  int poisonPerInstance = 10;
  int machines = 10;
  int cap = 2;
  int warmUps = 1;

  /** The slow-action run: each of its instances has one event whose action takes this long. */
  int slowMillis = 20;

  /** The caps of the slow-action run: one below the threads, one above. */
  List<Integer> slowCaps = List.of(10, 50);

  /** Healthy instances of the priority and poison runs, each with {@link #eventsPerInstance}. */
  int instances() {
    return run.scaled(5_000);
  }

  /** Instances holding only poisoned events, each with {@link #poisonPerInstance}. */
  int poisonInstances() {
    return run.scaled(1_000);
  }

  int poisonEvents() {
    return poisonInstances() * poisonPerInstance;
  }

  /** The caps run: {@link #machines} machines with this many instances each. */
  int instancesPerMachine() {
    return run.scaled(500);
  }

  /** The slow-action run: this many instances, one event each. */
  int slowInstances() {
    return run.scaled(1_000);
  }

  int rounds() {
    if (rounds != null) {
      if (rounds < 1) {
        throw new IllegalArgumentException("--rounds must be 1 or more, not " + rounds);
      }
      return rounds;
    }
    return run.factor() < 1 ? 3 : 5;
  }

  /** Worker threads of every engine. */
  int threads() {
    if (threads != null && threads < 1) {
      throw new IllegalArgumentException("--threads must be 1 or more, not " + threads);
    }
    return threads != null ? threads : Settings.defaults().workers().threads();
  }

  boolean runs(String section) {
    return Sections.runs(SECTIONS, only, section);
  }

  /** One line for the report. */
  String describe() {
    return String.format(
        Locale.ROOT,
        "scale %s, %d worker threads per engine, %d measured round(s) after %d warm-up per"
            + " variant; priority: %,d instances × %d events; caps: %d machines × %,d instances ×"
            + " %d events, cap %d; slow: %,d instances × 1 event of %d ms, caps %s; poison: %,d"
            + " poisoned events (%,d instances × %d) among %,d × %d healthy; %s",
        run.describeScale(),
        threads(),
        rounds(),
        warmUps,
        instances(),
        eventsPerInstance,
        machines,
        instancesPerMachine(),
        eventsPerInstance,
        cap,
        slowInstances(),
        slowMillis,
        slowCaps,
        poisonEvents(),
        poisonInstances(),
        poisonPerInstance,
        instances(),
        eventsPerInstance,
        run.durable() ? "fsync on" : "fsync off");
  }

  @Override
  public Integer call() throws Exception {
    runs("priority"); // fails on an unknown section before the server starts
    RunReport report = new RunReport("queues", run.commandLine(), describe());
    try (BenchPostgres postgres = BenchPostgres.start(run.durable())) {
      postgres.facts().forEach(report::fact);
      report.fact("cpu figures", CpuMeter.NOTE);
      RunReport.progress("PostgreSQL up");
      // every seeded event an hour in the past: available to every drain
      Instant base = Clock.systemUTC().instant().truncatedTo(ChronoUnit.SECONDS).minusSeconds(3600);
      Seeder seeder = new Seeder(base, setupThreads);
      LedgerSeeds seeds = new LedgerSeeds(postgres, this, seeder);
      if (runs("priority")) {
        report.add(new PriorityBench(postgres, this, seeds).run());
      }
      if (runs("poison")) {
        report.add(new PoisonBench(postgres, this, seeds).run());
      }
      seeds.dropAll();
      if (runs("caps")) {
        report.add(new CapsBench(postgres, this, seeder).run());
      }
      if (runs("slow")) {
        report.add(new SlowActionsBench(postgres, this, seeder).run());
      }
    }
    report.finish(run.out());
    return report.exitCode();
  }
}
