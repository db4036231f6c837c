package dev.clockwork.bench.parallel;

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
 * Parallel dispatch on one embedded PostgreSQL. {@code slow}: a parallel state whose two regions'
 * entry actions park 5 s and 2 s, created with dispatch on (the actions run as region jobs on the
 * engine's region job threads, at once) and off (the create runs both, one after the other): the
 * wall time from {@code engine.create} to the instance past {@code @done}, and the most actions
 * running at once. {@code throughput}: 100 instances × 3 regions whose actions park 200 ms, one
 * engine with 8 region job threads: wall time, jobs and instances per second against the ideal (the
 * actions' time ÷ the threads), and the engine's time per job — the JVM's CPU per job, and each
 * job's time on its thread minus its action. Targets are printed with PASS or MISS, never asserted.
 */
@Command(
    name = "parallel",
    mixinStandardHelpOptions = true,
    description = {
      "Parallel dispatch on embedded PostgreSQL 17: two slow regions with dispatch on and off,"
          + " region job throughput and engine time per job (~2 min)."
    })
public final class ParallelCommand implements Callable<Integer> {
  static final List<String> SECTIONS = List.of("slow", "throughput");

  /** Dispatch on: the slow instance must be past {@code @done} within this (the longest is 5 s). */
  static final double SLOW_ON_TARGET_SECONDS = 5.5;

  /**
   * Dispatch off: the create runs both actions, so about their sum; judged within this above it.
   */
  static final double SLOW_OFF_MARGIN_SECONDS = 0.5;

  /** The engine's time per region job must not exceed this. */
  static final double JOB_OVERHEAD_TARGET_MILLIS = 5;

  @Mixin RunOptions run = new RunOptions();

  @Option(
      names = "--rounds",
      paramLabel = "N",
      description =
          "measured rounds of each variant (slow: on and off; throughput: after one warm-up)"
              + " (default 3; 1 with --quick)")
  Integer rounds;

  @Option(
      names = "--threads",
      paramLabel = "N",
      description = "region job threads of every engine (default ${DEFAULT-VALUE})",
      defaultValue = "8")
  int threads = 8;

  @Option(
      names = "--only",
      split = ",",
      paramLabel = "SECTION",
      description = "some of: slow, throughput")
  Set<String> only = new LinkedHashSet<>();

  /** The slow machine's regions and their actions' times: the spec's inventory and payment. */
  List<String> slowRegions = List.of("inventory", "payment");

  List<Long> slowMillis = List.of(5_000L, 2_000L);

  /** The throughput machine: this many regions, each action parking this long. */
  int regions = 3;

  long jobMillis = 200;

  int warmUps = 1;

  /** Instances of a throughput round (100; 10 with --quick). */
  int instances() {
    return run.scaled(100);
  }

  /** Region jobs of a throughput round. */
  int jobs() {
    return instances() * regions;
  }

  int rounds() {
    if (rounds != null) {
      if (rounds < 1) {
        throw new IllegalArgumentException("--rounds must be 1 or more, not " + rounds);
      }
      return rounds;
    }
    return run.factor() < 1 ? 1 : 3;
  }

  int threads() {
    if (threads < 1) {
      throw new IllegalArgumentException("--threads must be 1 or more, not " + threads);
    }
    return threads;
  }

  /** The throughput round's ideal: every action's time spread evenly over the threads. */
  double idealSeconds() {
    return jobs() * jobMillis / 1000.0 / threads();
  }

  /** The slow machine's actions one after another: what the create takes with dispatch off. */
  double slowSumSeconds() {
    return slowMillis.stream().mapToLong(Long::longValue).sum() / 1000.0;
  }

  /** The slow machine's longest action: the least dispatch on can take. */
  double slowLongestSeconds() {
    return slowMillis.stream().mapToLong(Long::longValue).max().orElse(0) / 1000.0;
  }

  boolean runs(String section) {
    return Sections.runs(SECTIONS, only, section);
  }

  /** One line for the report. */
  String describe() {
    return String.format(
        Locale.ROOT,
        "scale %s, %d region job threads per engine, %d measured round(s); slow: regions %s"
            + " parking %s ms, dispatch on and off; throughput: %,d instances × %d regions × %d"
            + " ms, %d warm-up round(s); %s",
        run.describeScale(),
        threads(),
        rounds(),
        slowRegions,
        slowMillis,
        instances(),
        regions,
        jobMillis,
        warmUps,
        run.durable() ? "fsync on" : "fsync off");
  }

  @Override
  public Integer call() throws Exception {
    runs("slow"); // fails on an unknown section before the server starts
    RunReport report = new RunReport("parallel", run.commandLine(), describe());
    try (BenchPostgres postgres = BenchPostgres.start(run.durable())) {
      postgres.facts().forEach(report::fact);
      report.fact("cpu figures", CpuMeter.NOTE);
      RunReport.progress("PostgreSQL up");
      if (runs("slow")) {
        report.add(new SlowRegionsBench(postgres, this).run());
      }
      if (runs("throughput")) {
        report.add(new ThroughputBench(postgres, this).run());
      }
    }
    report.finish(run.out());
    return report.exitCode();
  }
}
