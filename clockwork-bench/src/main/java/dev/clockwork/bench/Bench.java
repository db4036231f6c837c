package dev.clockwork.bench;

import dev.clockwork.bench.api.ApiCommand;
import dev.clockwork.bench.durable.DurableCommand;
import dev.clockwork.bench.parallel.ParallelCommand;
import dev.clockwork.bench.queues.QueuesCommand;
import dev.clockwork.bench.scaleout.ScaleoutCommand;
import dev.clockwork.bench.schedules.SchedulesCommand;
import dev.clockwork.bench.soak.SoakCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The one benchmark harness: {@code clockwork-bench/run <command> [options]}. Each command prints
 * its report (facts, tables, targets with PASS or MISS) and saves it as {@code <command>-report.md}
 * next to the jar; it exits 1 when a sanity check of the run failed ("WRONG"), never for a figure
 * that misses its target. Nothing here is measured in {@code mvn verify}, which compiles the
 * harness, tests its options and verdicts, runs each interpreter benchmark's setup and sanity
 * checks (BenchmarkSanityTest) and the PostgreSQL commands CI does not run through the jar whole at
 * a tiny scale (BenchmarkCommandsSmokeTest); {@code .ci/bench-smoke} runs the others. A stale
 * expectation fails the build rather than the next run.
 */
@Command(
    name = "clockwork-bench/run",
    mixinStandardHelpOptions = true,
    description = "Clockwork's benchmarks. Each command prints and saves its report.",
    subcommands = {
      InterpreterCommand.class,
      DurableCommand.class,
      QueuesCommand.class,
      SchedulesCommand.class,
      ParallelCommand.class,
      ApiCommand.class,
      ScaleoutCommand.class,
      SoakCommand.class
    })
public final class Bench implements Runnable {
  public static void main(String[] args) {
    System.exit(commandLine().execute(args));
  }

  /** The harness's command line, for {@link #main} and the tests. */
  public static CommandLine commandLine() {
    return new CommandLine(new Bench());
  }

  @Override
  public void run() {
    CommandLine.usage(this, System.out);
  }
}
