package dev.clockwork.runtime.internal.parallel;

import dev.clockwork.runtime.instance.NamespacedIds;
import dev.clockwork.runtime.internal.outage.StoreFailures;
import dev.clockwork.runtime.store.JobClaim;
import dev.clockwork.runtime.store.RegionJob;
import dev.clockwork.runtime.store.Store;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An engine's region job threads: a claimer that leases available jobs of the queues this node
 * serves, as many as it has free threads, and hands each to a thread of its own, so the jobs of one
 * instance run at the same time. Idle, it waits for the store to signal a job stored or given back
 * (not every enqueue) or for the next retry or lease expiry to come due. Stopping stops claiming,
 * lets running jobs finish for the shutdown timeout and interrupts the rest (their leases expire
 * and another run takes them over).
 */
public final class RegionJobWorkers {
  private static final Logger LOG = LoggerFactory.getLogger(RegionJobWorkers.class);

  private final Store store;
  private final Clock clock;
  private final RegionJobRunner runner;
  private final String owner;
  private final int threads;
  private final Set<String> queues;
  private final Supplier<Map<String, Duration>> leaseTimes;
  private final Duration idleWait;
  private final StoreFailures failures;
  private final Duration shutdownTimeout;
  private final AtomicInteger busy = new AtomicInteger();
  private final Object freed = new Object();
  private ExecutorService pool;
  private Thread claimer;
  private volatile boolean running;

  /**
   * @param queues the queues whose jobs this node runs (null: every queue)
   * @param leaseTimes the machines this engine runs (jobs of others are left to the nodes that do),
   *     each with how long its jobs' leases last: long enough for the action, the wait for the
   *     instance's lease and the commit
   * @param idleWait the longest the claimer waits without a signal before it looks again
   * @param failures told of claims the store fails (it logs them once per interval)
   */
  public RegionJobWorkers(
      Store store,
      Clock clock,
      RegionJobRunner runner,
      String owner,
      int threads,
      Set<String> queues,
      Supplier<Map<String, Duration>> leaseTimes,
      Duration idleWait,
      Duration shutdownTimeout,
      StoreFailures failures) {
    if (threads < 1) {
      throw new IllegalArgumentException("region job threads must be 1 or more, not " + threads);
    }
    this.store = store;
    this.clock = clock;
    this.runner = runner;
    this.owner = owner;
    this.threads = threads;
    this.queues = queues == null ? null : Set.copyOf(queues);
    this.leaseTimes = leaseTimes;
    this.idleWait = idleWait;
    this.failures = failures;
    this.shutdownTimeout = shutdownTimeout;
  }

  public synchronized void start() {
    if (running) {
      return;
    }
    running = true;
    AtomicInteger next = new AtomicInteger();
    pool =
        Executors.newFixedThreadPool(
            threads,
            task -> {
              Thread thread = new Thread(task, "clockwork-region-job-" + next.getAndIncrement());
              thread.setDaemon(true);
              return thread;
            });
    claimer = new Thread(this::claimLoop, "clockwork-region-claimer");
    claimer.setDaemon(true);
    claimer.start();
  }

  public synchronized void stop() {
    if (!running) {
      return;
    }
    running = false;
    claimer.interrupt();
    try {
      claimer.join(Duration.ofSeconds(10).toMillis());
      pool.shutdown();
      if (!pool.awaitTermination(shutdownTimeout.toMillis(), TimeUnit.MILLISECONDS)) {
        LOG.info(
            "region jobs still running after {}: interrupting them; they are handed back and run"
                + " again",
            shutdownTimeout);
        runner.giveBackInterrupted();
        pool.shutdownNow();
        pool.awaitTermination(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void claimLoop() {
    while (running) {
      try {
        int free = threads - busy.get();
        if (free <= 0) {
          awaitFreeThread();
          continue;
        }
        Instant now = clock.instant();
        Map<String, Duration> leases = leaseTimes.get();
        List<JobClaim> claims = store.regionJobs().claim(owner, queues, leases, free, now);
        claims.forEach(this::submit);
        if (claims.size() < free) {
          store.regionJobs().awaitJobs(untilNextDue(leases.keySet(), now));
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      } catch (RuntimeException e) {
        if (!failures.failed("claim region jobs", e)) {
          LOG.warn("claiming region jobs failed; trying again in {}: {}", idleWait, e.getMessage());
        }
        pause(idleWait);
      }
    }
  }

  private void submit(JobClaim claim) {
    busy.incrementAndGet();
    try {
      pool.execute(() -> runOne(claim));
    } catch (RejectedExecutionException e) { // stopping: hand it back
      busy.decrementAndGet();
      RegionJob job = claim.job();
      store.regionJobs().retry(claim.lease(), job.attempts() - 1, job.lastError(), clock.instant());
    }
  }

  private void runOne(JobClaim claim) {
    try {
      runner.run(claim);
    } catch (RuntimeException e) {
      LOG.warn(
          "region job {} of {} failed unexpectedly; it runs again when its lease expires",
          claim.job().region(),
          NamespacedIds.readable(claim.job().instanceId()),
          e);
    } finally {
      busy.decrementAndGet();
      synchronized (freed) {
        freed.notifyAll();
      }
    }
  }

  private Duration untilNextDue(Set<String> machines, Instant now) {
    Optional<Instant> due = store.regionJobs().nextDue(queues, machines, now);
    if (due.isEmpty()) {
      return idleWait;
    }
    Duration until = Duration.between(now, due.get());
    if (until.isNegative() || until.isZero()) {
      return Duration.ofMillis(1);
    }
    return until.compareTo(idleWait) < 0 ? until : idleWait;
  }

  private void awaitFreeThread() throws InterruptedException {
    synchronized (freed) {
      if (threads - busy.get() <= 0) {
        freed.wait(idleWait.toMillis());
      }
    }
  }

  private void pause(Duration duration) {
    try {
      Thread.sleep(Math.max(1, duration.toMillis()));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
