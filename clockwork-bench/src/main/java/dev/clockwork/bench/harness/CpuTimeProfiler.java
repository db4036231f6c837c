package dev.clockwork.bench.harness;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * A JMH profiler: the CPU time the benchmark's own threads spent per operation ({@value #NAME},
 * ns/op), read from the JVM's thread CPU clocks. Unlike the score, it does not count the time a
 * busy machine gives to other processes, so on shared cores it moves far less from run to run; it
 * leaves out the JVM's garbage collector and compiler threads.
 */
public final class CpuTimeProfiler implements InternalProfiler {
  /** The secondary result's name. */
  public static final String NAME = "cpu.time.norm";

  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
  private static final String WORKER = "-jmh-worker-";

  private Map<Long, Long> before = Map.of();

  @Override
  public String getDescription() {
    return "CPU time of the benchmark threads per operation";
  }

  @Override
  public void beforeIteration(BenchmarkParams benchmark, IterationParams iteration) {
    before = workerCpu();
  }

  @Override
  public Collection<? extends Result> afterIteration(
      BenchmarkParams benchmark, IterationParams iteration, IterationResult result) {
    long spent = 0;
    for (Map.Entry<Long, Long> worker : workerCpu().entrySet()) {
      spent += worker.getValue() - before.getOrDefault(worker.getKey(), 0L);
    }
    long ops = result.getMetadata().getAllOps();
    double perOp = ops == 0 ? Double.NaN : spent / (double) ops;
    return List.of(new ScalarResult(NAME, perOp, "ns/op", AggregationPolicy.AVG));
  }

  /** The CPU time of every live JMH worker thread, by thread id. */
  private static Map<Long, Long> workerCpu() {
    Map<Long, Long> cpu = new HashMap<>();
    for (ThreadInfo thread : THREADS.getThreadInfo(THREADS.getAllThreadIds())) {
      if (thread != null && thread.getThreadName().contains(WORKER)) {
        long nanos = THREADS.getThreadCpuTime(thread.getThreadId());
        if (nanos >= 0) {
          cpu.put(thread.getThreadId(), nanos);
        }
      }
    }
    return cpu;
  }
}
