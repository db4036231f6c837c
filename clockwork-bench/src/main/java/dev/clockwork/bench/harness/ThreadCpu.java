package dev.clockwork.bench.harness;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * CPU time of this JVM's Java threads, grouped by a name: which engine threads used the CPU during
 * a phase. Threads that ended during the phase are not seen (their time is in the process's CPU
 * only); nor are the JVM's own threads (garbage collection, the JIT compilers), which {@link
 * CpuMeter}'s process time includes.
 */
public final class ThreadCpu {
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  /** The JVM's own threads' groups, as {@link #vmSince} names them. */
  public static final String JIT = "JIT compiler threads";

  public static final String GC = "garbage collector threads";
  public static final String VM = "VM thread, periodic task thread";
  public static final List<String> VM_GROUPS = List.of(JIT, GC, VM);

  /** Clock ticks per second of /proc's times (USER_HZ, 100 on Linux). */
  private static final double TICKS = 100;

  private final Map<Long, Long> nanos;
  private final Map<Long, String> names;
  private final Map<Long, Long> vmTicks;
  private final Map<Long, String> vmGroups;

  private ThreadCpu(
      Map<Long, Long> nanos,
      Map<Long, String> names,
      Map<Long, Long> vmTicks,
      Map<Long, String> vmGroups) {
    this.nanos = nanos;
    this.names = names;
    this.vmTicks = vmTicks;
    this.vmGroups = vmGroups;
  }

  /** Whether the JVM measures the CPU time of every thread (it does on Linux's HotSpot). */
  public static boolean supported() {
    return THREADS.isThreadCpuTimeSupported() && THREADS.isThreadCpuTimeEnabled();
  }

  /** The CPU time of every live thread now. */
  public static ThreadCpu read() {
    Map<Long, Long> nanos = new HashMap<>();
    Map<Long, String> names = new HashMap<>();
    Map<Long, Long> vmTicks = new HashMap<>();
    Map<Long, String> vmGroups = new HashMap<>();
    readVmThreads(vmTicks, vmGroups);
    if (!supported()) {
      return new ThreadCpu(nanos, names, vmTicks, vmGroups);
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
    return new ThreadCpu(nanos, names, vmTicks, vmGroups);
  }

  /**
   * The JVM's own threads from /proc/self/task/TID/stat: "TID (name) state … utime stime …", the
   * name cut to 15 characters by Linux. Java threads are left to ThreadMXBean.
   */
  private static void readVmThreads(Map<Long, Long> ticks, Map<Long, String> groups) {
    try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
      for (Path task : (Iterable<Path>) tasks::iterator) {
        try {
          String stat = Files.readString(task.resolve("stat"));
          String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
          String group = vmGroup(name);
          if (group == null) {
            continue;
          }
          String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
          long tid = Long.parseLong(task.getFileName().toString());
          ticks.put(tid, Long.parseLong(fields[11]) + Long.parseLong(fields[12]));
          groups.put(tid, group);
        } catch (IOException | RuntimeException e) {
          // the thread ended meanwhile
        }
      }
    } catch (IOException | RuntimeException e) {
      // not Linux: no figures
    }
  }

  /** The group of one of the JVM's own threads by its (Linux) name, null for anything else. */
  static String vmGroup(String name) {
    if (name.startsWith("C1 CompilerThre")
        || name.startsWith("C2 CompilerThre")
        || name.startsWith("Sweeper thread")) {
      return JIT;
    }
    if (name.startsWith("GC Thread") || name.startsWith("G1 ")) {
      return GC;
    }
    if (name.equals("VM Thread") || name.startsWith("VM Periodic")) {
      return VM;
    }
    return null;
  }

  /**
   * Seconds of CPU the JVM's own threads used since {@code before}, by {@link #VM_GROUPS} (0 where
   * /proc is not there).
   */
  public Map<String, Double> vmSince(ThreadCpu before) {
    Map<String, Double> seconds = new LinkedHashMap<>();
    VM_GROUPS.forEach(name -> seconds.put(name, 0.0));
    vmTicks.forEach(
        (tid, now) -> {
          long then = before.vmTicks.getOrDefault(tid, 0L);
          seconds.merge(vmGroups.get(tid), Math.max(0, now - then) / TICKS, Double::sum);
        });
    return seconds;
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
