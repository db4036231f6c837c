package dev.clockwork.bench.harness;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * CPU time of this JVM's Java threads, grouped by a name: which engine threads used the CPU during
 * a phase. Threads that ended during the phase are not seen (their time is in the process's CPU
 * only); nor are the JVM's own threads (garbage collection, the JIT compilers), which {@link
 * CpuMeter}'s process time includes.
 */
public final class ThreadCpu {
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  private final Map<Long, Long> nanos;
  private final Map<Long, String> names;

  private ThreadCpu(Map<Long, Long> nanos, Map<Long, String> names) {
    this.nanos = nanos;
    this.names = names;
  }

  /** Whether the JVM measures the CPU time of every thread (it does on Linux's HotSpot). */
  public static boolean supported() {
    return THREADS.isThreadCpuTimeSupported() && THREADS.isThreadCpuTimeEnabled();
  }

  /** The CPU time of every live thread now. */
  public static ThreadCpu read() {
    Map<Long, Long> nanos = new HashMap<>();
    Map<Long, String> names = new HashMap<>();
    if (!supported()) {
      return new ThreadCpu(nanos, names);
    }
    long[] ids = THREADS.getAllThreadIds();
    ThreadInfo[] infos = THREADS.getThreadInfo(ids);
    for (int i = 0; i < ids.length; i++) {
      long cpu = THREADS.getThreadCpuTime(ids[i]);
      if (cpu >= 0 && infos[i] != null) {
        nanos.put(ids[i], cpu);
        names.put(ids[i], infos[i].getThreadName());
      }
    }
    return new ThreadCpu(nanos, names);
  }

  /**
   * Seconds of CPU each group of threads used since {@code before} (threads started since count
   * from zero), the groups named by {@code group} from the thread's name, in the order of {@code
   * order} first, then as found.
   */
  public Map<String, Double> since(
      ThreadCpu before, Function<String, String> group, List<String> order) {
    Map<String, Double> seconds = new LinkedHashMap<>();
    order.forEach(name -> seconds.put(name, 0.0));
    nanos.forEach(
        (id, now) -> {
          long then = before.nanos.getOrDefault(id, 0L);
          seconds.merge(group.apply(names.get(id)), (now - then) / 1e9, Double::sum);
        });
    return seconds;
  }
}
