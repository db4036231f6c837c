package dev.clockwork.bench;

import dev.clockwork.bench.report.PairedResult;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.IntConsumer;
import java.util.function.Predicate;

/**
 * Clockwork and squirrel-foundation in alternating short rounds on one thread, each round timed by
 * the thread's CPU clock. Both sides of a pair meet the same moment of a shared machine, so the
 * ratio of a pair moves far less than the ratio of two JMH benchmarks run minutes apart; the report
 * gives the median of the pairs' ratios with its quartiles. Each side runs its JMH benchmark's own
 * state and method, in this JVM (the harness's, not a JMH fork).
 */
final class PairedRounds {
  /** CPU time each side of a round aims at: short, so both sides of a pair meet the same load. */
  static final long ROUND_NANOS = 5_000_000;

  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  /** Warm-up goes on while a slice's fastest round beats the last slice's by more than this. */
  static final int STEADY_PERCENT = 5;

  /** Warm-up slices at most (a quarter of the warm-up time each). */
  static final int MAX_WARMUP_SLICES = 40;

  /**
   * One side: runs {@code n} invocations of the benchmark method, each {@code opsPerInvocation}
   * events. Each side writes its own loop, so each compiles on its own with the method inlined.
   */
  record Side(IntConsumer invocations, int opsPerInvocation) {
    /** A side whose invocation of {@code n} runs {@code operation} {@code n} times. */
    static Side repeating(Runnable operation, int opsPerInvocation) {
      return new Side(
          n -> {
            for (int i = 0; i < n; i++) {
              operation.run();
            }
          },
          opsPerInvocation);
    }
  }

  record Machine(String label, String benchmark, Side clockwork, Side squirrel) {}

  private final long warmupNanos;
  private final int rounds;

  /**
   * @param warmupNanos CPU time each machine's pairs run at least before any is counted (the JIT
   *     compiles both sides meanwhile; on a busy machine it needs seconds), see {@link #warmUp}
   * @param rounds round pairs counted per machine
   */
  PairedRounds(long warmupNanos, int rounds) {
    this.warmupNanos = warmupNanos;
    this.rounds = rounds;
  }

  /** The toggle, order and parallel machines whose benchmark {@code wanted} accepts. */
  static List<Machine> machines(Predicate<String> wanted) {
    List<Machine> machines = new ArrayList<>();
    if (wanted.test("dev.clockwork.bench.ToggleBenchmark")) {
      ToggleBenchmark bench = new ToggleBenchmark();
      ToggleBenchmark.ClockworkToggle clockwork = new ToggleBenchmark.ClockworkToggle();
      clockwork.start();
      ToggleBenchmark.SquirrelToggle squirrel = new ToggleBenchmark.SquirrelToggle();
      squirrel.start();
      machines.add(
          new Machine(
              "toggle",
              "ToggleBenchmark",
              Side.repeating(() -> bench.clockwork(clockwork), 1),
              Side.repeating(() -> bench.squirrel(squirrel), 1)));
    }
    if (wanted.test("dev.clockwork.bench.OrderBenchmark")) {
      OrderBenchmark bench = new OrderBenchmark();
      OrderBenchmark.ClockworkOrder clockwork = new OrderBenchmark.ClockworkOrder();
      clockwork.start();
      OrderBenchmark.SquirrelOrder squirrel = new OrderBenchmark.SquirrelOrder();
      squirrel.start();
      machines.add(
          new Machine(
              "order (guards, actions, context)",
              "OrderBenchmark",
              Side.repeating(() -> bench.clockwork(clockwork), 4),
              Side.repeating(() -> bench.squirrel(squirrel), 4)));
    }
    if (wanted.test("dev.clockwork.bench.ParallelBenchmark")) {
      ParallelBenchmark bench = new ParallelBenchmark();
      ParallelBenchmark.ClockworkParallel clockwork = new ParallelBenchmark.ClockworkParallel();
      clockwork.start();
      ParallelBenchmark.SquirrelParallel squirrel = new ParallelBenchmark.SquirrelParallel();
      squirrel.start();
      machines.add(
          new Machine(
              "parallel (3 regions)",
              "ParallelBenchmark",
              Side.repeating(() -> bench.clockwork(clockwork), 1),
              Side.repeating(() -> bench.squirrel(squirrel), 1)));
    }
    return machines;
  }

  PairedResult measure(Machine machine) {
    int[] invocations = {100, 100};
    warmUp(machine, invocations);
    List<Double> clockwork = new ArrayList<>();
    List<Double> squirrel = new ArrayList<>();
    List<Double> ratios = new ArrayList<>();
    for (int round = 0; round < rounds; round++) {
      // which side goes first alternates, so neither always meets the load the other left
      boolean clockworkFirst = round % 2 == 0;
      double cw;
      double sq;
      if (clockworkFirst) {
        cw = nanosPerOp(machine.clockwork(), invocations, 0);
        sq = nanosPerOp(machine.squirrel(), invocations, 1);
      } else {
        sq = nanosPerOp(machine.squirrel(), invocations, 1);
        cw = nanosPerOp(machine.clockwork(), invocations, 0);
      }
      clockwork.add(cw);
      squirrel.add(sq);
      ratios.add(sq / cw);
    }
    return new PairedResult(
        machine.label(),
        quantile(clockwork, 0.5),
        quantile(squirrel, 0.5),
        quantile(ratios, 0.5),
        quantile(ratios, 0.25),
        quantile(ratios, 0.75));
  }

  /**
   * Runs pairs for at least the warm-up time, and on until the JIT compiled nothing during a
   * warm-up slice and the fastest round of either side stopped improving by more than {@value
   * #STEADY_PERCENT}% from the slice before, for at most {@value #MAX_WARMUP_SLICES} slices. On a
   * busy machine the JIT's threads wait for a core too: tonight a fixed 3 s left whole runs at the
   * interpreter's (steady) speed.
   */
  private void warmUp(Machine machine, int[] invocations) {
    long slice = Math.max(1, warmupNanos / 4);
    double[] previous = {Double.MAX_VALUE, Double.MAX_VALUE};
    for (int slices = 1; slices <= MAX_WARMUP_SLICES; slices++) {
      long compiling = compilationMillis();
      double[] best = {Double.MAX_VALUE, Double.MAX_VALUE};
      long end = THREADS.getCurrentThreadCpuTime() + slice;
      while (THREADS.getCurrentThreadCpuTime() < end) {
        best[0] = Math.min(best[0], nanosPerOp(machine.clockwork(), invocations, 0));
        best[1] = Math.min(best[1], nanosPerOp(machine.squirrel(), invocations, 1));
      }
      boolean steady =
          compilationMillis() == compiling
              && best[0] > previous[0] * (1 - STEADY_PERCENT / 100.0)
              && best[1] > previous[1] * (1 - STEADY_PERCENT / 100.0);
      if (slices >= 4 && steady) {
        return;
      }
      previous = best;
    }
  }

  /** The JIT's total compilation time so far; -1 when the JVM does not say. */
  private static long compilationMillis() {
    CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
    return jit != null && jit.isCompilationTimeMonitoringSupported()
        ? jit.getTotalCompilationTime()
        : -1;
  }

  /** Runs one side's round; adjusts its invocation count towards {@link #ROUND_NANOS}. */
  private static double nanosPerOp(Side side, int[] invocations, int which) {
    int n = invocations[which];
    long start = THREADS.getCurrentThreadCpuTime();
    side.invocations().accept(n);
    long spent = Math.max(1, THREADS.getCurrentThreadCpuTime() - start);
    invocations[which] = (int) Math.max(100, Math.min(50_000_000L, n * ROUND_NANOS / spent));
    return spent / (double) (n * side.opsPerInvocation());
  }

  private static double quantile(List<Double> values, double q) {
    List<Double> sorted = new ArrayList<>(values);
    Collections.sort(sorted);
    return sorted.get((int) Math.min(sorted.size() - 1, Math.round(q * (sorted.size() - 1))));
  }
}
