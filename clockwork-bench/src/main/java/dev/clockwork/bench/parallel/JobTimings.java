package dev.clockwork.bench.parallel;

import dev.clockwork.bench.harness.CallStats;
import dev.clockwork.core.definition.ParallelEvents;
import dev.clockwork.runtime.listener.EngineListener;
import dev.clockwork.runtime.listener.ProcessedEvent;
import dev.clockwork.runtime.listener.ProcessedEvent.Outcome;
import dev.clockwork.runtime.store.Store;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * Times every region job from the thread that runs it, without touching the engine: the engine's
 * store is a {@link TimedStore} (the wall time of each call on a job's path, by method, and per job
 * on the region job threads), the entry actions time themselves ({@link SlowActions}), and this
 * listener hears each region result's commit. A job's run on its thread ({@code
 * RegionJobRunner.run}) is, in order: the instance read ({@code find}, its first store call per job
 * — the paused check before it is read at most once a second per machine — the job's start here),
 * the entry action, the paused check, then under the instance's lease ({@code lease}) the result
 * applied and committed, reported to listeners on the same thread (the job's end here). So per job:
 * before the action = start → action start; after = action end → report; the action's own time is
 * measured inside it. Completed instances are counted from the reports too: an instance whose
 * {@code regions} region results are applied has fired its {@code @done} (checked against the
 * database after each run).
 */
final class JobTimings implements EngineListener {
  /** The names of the engine's region job threads ({@code RegionJobWorkers}). */
  static final String JOB_THREAD = "clockwork-region-job-";

  /** One region job, as its thread ran it; nanoTime instants. */
  static final class Job {
    final long start;
    long actionStart;
    long actionEnd;
    long end;
    String region;
    String instanceId;
    final Map<String, long[]> beforeAction = new TreeMap<>();
    final Map<String, long[]> afterAction = new TreeMap<>();

    Job(long start) {
      this.start = start;
    }

    boolean complete() {
      return actionEnd > 0 && end > 0;
    }

    /** Start → action start, in nanoseconds. */
    long before() {
      return actionStart - start;
    }

    long action() {
      return actionEnd - actionStart;
    }

    /** Action end → its result committed and reported. */
    long after() {
      return end - actionEnd;
    }

    /** The job's whole run on its thread minus its action. */
    long engine() {
      return before() + after();
    }

    /** Nanoseconds in store calls named {@code method} before or after the action. */
    long store(String method, boolean after) {
      long[] spent = (after ? afterAction : beforeAction).get(method);
      return spent == null ? 0 : spent[1];
    }

    /** Calls of {@code method} after the action. */
    long calls(String method) {
      long[] spent = afterAction.get(method);
      return spent == null ? 0 : spent[0];
    }

    /** The first instance lease call after the action began (nanoTime), 0 before. */
    long leaseStart;

    /** The last instance lease call after the action ended (nanoTime). */
    long leaseEnd;

    /** Action end → the first lease call: the result made into the region event. */
    long untilLease() {
      return leaseStart == 0 ? 0 : leaseStart - actionEnd;
    }

    /** The lease calls and the waits between them (for a sibling job holding the instance). */
    long leasing() {
      return leaseStart == 0 ? 0 : leaseEnd - leaseStart;
    }

    /** The lease taken → the result committed and reported: apply, commit (group commit). */
    long applyAndCommit() {
      return leaseStart == 0 ? after() : end - leaseEnd;
    }

    private void stored(String method, long started, long nanos) {
      long[] spent =
          (actionEnd == 0 ? beforeAction : afterAction).computeIfAbsent(method, m -> new long[2]);
      spent[0]++;
      spent[1] += nanos;
      if (actionEnd != 0 && method.equals("lease")) {
        if (leaseStart == 0) {
          leaseStart = started;
        }
        leaseEnd = started + nanos;
      }
    }
  }

  private final int regions;
  private final ThreadLocal<Job> current = new ThreadLocal<>();
  private final Collection<Job> finished = new ConcurrentLinkedQueue<>();
  private final AtomicInteger unfinished = new AtomicInteger();
  private final Map<String, CallStats> calls = new ConcurrentHashMap<>();
  private final CallStats commits = new CallStats();
  private final Map<String, AtomicInteger> applied = new ConcurrentHashMap<>();
  private final Map<String, Long> completedAt = new ConcurrentHashMap<>();
  private final AtomicLong lastCompletion = new AtomicLong();
  private final AtomicInteger otherOutcomes = new AtomicInteger();
  private final Object progress = new Object();

  /**
   * @param regions the regions of the machine measured: an instance with this many region results
   *     applied is done
   */
  JobTimings(int regions) {
    this.regions = regions;
  }

  /** {@code store}, with the calls on a region job's path timed ({@link TimedStore}). */
  Store wrap(Store store) {
    return new TimedStore(store, this);
  }

  /** Runs {@code call}, a store call named {@code name}, and records how long it took. */
  <T> T timed(String name, Supplier<T> call) {
    boolean jobThread = Thread.currentThread().getName().startsWith(JOB_THREAD);
    long started = System.nanoTime();
    if (jobThread && name.equals("find")) { // RegionJobRunner.run's first per-job store call
      if (current.get() != null) {
        unfinished.incrementAndGet();
      }
      current.set(new Job(started));
    }
    T result = null;
    try {
      result = call.get();
      return result;
    } finally {
      long took = System.nanoTime() - started;
      int items = result instanceof Collection<?> c ? c.size() : 1;
      calls.computeIfAbsent(name, n -> new CallStats()).add(items, took);
      Job job = jobThread ? current.get() : null;
      if (job != null) {
        job.stored(name, started, took);
      }
    }
  }

  /** An entry action ran from {@code started} to {@code ended} ({@link SlowActions}). */
  void action(String region, long started, long ended) {
    Job job = current.get();
    if (job != null && Thread.currentThread().getName().startsWith(JOB_THREAD)) {
      job.region = region;
      job.actionStart = started;
      job.actionEnd = ended;
    }
  }

  @Override
  public void eventProcessed(ProcessedEvent event) {
    long now = System.nanoTime();
    if (!ParallelEvents.REGION_DONE.equals(event.type())) {
      return;
    }
    if (event.outcome() != Outcome.APPLIED) {
      otherOutcomes.incrementAndGet();
      return;
    }
    Job job = current.get();
    if (job != null && Thread.currentThread().getName().startsWith(JOB_THREAD)) {
      job.end = now;
      job.instanceId = event.instanceId();
      finished.add(job);
      current.remove();
    }
    int count =
        applied.computeIfAbsent(event.instanceId(), id -> new AtomicInteger()).incrementAndGet();
    if (count == regions) {
      completedAt.put(event.instanceId(), now);
      lastCompletion.accumulateAndGet(now, Math::max);
      synchronized (progress) {
        progress.notifyAll();
      }
    }
  }

  @Override
  public void committed(int turns, Duration took) {
    commits.add(turns, took.toNanos());
  }

  /**
   * Waits until {@code instances} instances are done.
   *
   * @return the nanoTime of the report that completed the last of them, or -1 when {@code limit}
   *     passed first
   */
  long awaitCompleted(int instances, Duration limit) throws InterruptedException {
    long deadline = System.nanoTime() + limit.toNanos();
    synchronized (progress) {
      while (completedAt.size() < instances) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          return -1;
        }
        progress.wait(Math.max(1, Math.min(50, left / 1_000_000)));
      }
    }
    return lastCompletion.get();
  }

  /** When the report completing {@code instanceId} was heard (nanoTime), or -1. */
  long completedAt(String instanceId) {
    return completedAt.getOrDefault(instanceId, -1L);
  }

  int completed() {
    return completedAt.size();
  }

  /** The jobs whose thread ran them from the paused check to their result's report, in no order. */
  List<Job> jobs() {
    return new ArrayList<>(finished);
  }

  /** Jobs whose thread started one and never saw its result applied (lost, discarded, failed). */
  int unfinished() {
    return unfinished.get() + otherOutcomes.get();
  }

  /** Calls of the timed store method {@code name}, from every thread. */
  CallStats calls(String name) {
    return calls.getOrDefault(name, new CallStats());
  }

  /** Every timed store method called, with its calls. */
  Map<String, CallStats> allCalls() {
    return new TreeMap<>(calls);
  }

  /** Store commits written by the engine's commit pipeline (items: turns per commit). */
  CallStats commits() {
    return commits;
  }
}
