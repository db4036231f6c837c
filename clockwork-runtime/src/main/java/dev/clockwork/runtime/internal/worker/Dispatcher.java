package dev.clockwork.runtime.internal.worker;

import dev.clockwork.runtime.config.WorkerSettings;
import dev.clockwork.runtime.instance.NamespacedIds;
import dev.clockwork.runtime.internal.Chain;
import dev.clockwork.runtime.internal.LocalLeases;
import dev.clockwork.runtime.internal.TurnRunner;
import dev.clockwork.runtime.internal.outage.StoreFailures;
import dev.clockwork.runtime.store.Claim;
import dev.clockwork.runtime.store.ClaimRequest;
import dev.clockwork.runtime.store.Store;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Semaphore;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hands due instances to free worker threads: claims never more instances than there are free
 * threads to run them, so with slow actions up to {@code min(threads, cap)} instances run at once,
 * and every claimed instance starts at once. A thread is free again once its turn's actions have
 * run: the commit goes to the commit pipeline, and a cap does not count the leases of turns whose
 * commits are being written. When nothing more can be claimed it sleeps until the earliest due
 * instant the store knows, a notification (an enqueue, a commit that released work), a thread
 * coming free while work waits behind a cap, or the poll interval.
 */
final class Dispatcher implements Runnable {
  private static final Logger LOG = LoggerFactory.getLogger(Dispatcher.class);
  private static final Duration FIRST_PAUSE = Duration.ofMillis(2);

  private final Store store;
  private final Clock clock;
  private final TurnRunner runner;
  private final WorkerSettings options;
  private final Supplier<Map<String, Integer>> caps;
  private final Backpressure backpressure;
  private final ExecutorService pool;
  private final LocalLeases local;
  private final StoreFailures failures;
  private final Semaphore free;
  private final Object threadFreed = new Object();
  private boolean running = true;
  private boolean idle;
  private Thread thread;
  private Duration cappedPause = FIRST_PAUSE;

  Dispatcher(
      Store store,
      Clock clock,
      TurnRunner runner,
      WorkerSettings options,
      Supplier<Map<String, Integer>> caps,
      Backpressure backpressure,
      ExecutorService pool,
      LocalLeases local,
      StoreFailures failures) {
    this.store = store;
    this.clock = clock;
    this.runner = runner;
    this.options = options;
    this.caps = caps;
    this.backpressure = backpressure;
    this.pool = pool;
    this.local = local;
    this.failures = failures;
    this.free = new Semaphore(options.threads());
  }

  /**
   * Stops claiming; turns in progress go on. An idle dispatcher is interrupted out of its wait
   * (only then: an interrupt never reaches it while it claims).
   */
  synchronized void stop() {
    running = false;
    if (idle && thread != null) {
      thread.interrupt();
    }
  }

  private synchronized boolean running() {
    return running;
  }

  /** Marks the dispatcher idle (interruptible by stop); false when it is stopping. */
  private synchronized boolean enterIdle() {
    if (!running) {
      return false;
    }
    idle = true;
    return true;
  }

  private synchronized void leaveIdle() {
    idle = false;
    Thread.interrupted(); // an interrupt meant for the wait must not reach the next claim
  }

  @Override
  public void run() {
    synchronized (this) {
      thread = Thread.currentThread();
    }
    while (running()) {
      try {
        round();
      } catch (InterruptedException e) {
        if (!running()) {
          return;
        }
      } catch (RuntimeException e) {
        // a store that refuses claims is logged once per interval, whatever the poll interval
        if (!failures.failed("claim work", e)) {
          LOG.error("claiming work failed; trying again after the poll interval", e);
        }
        pause(options.pollInterval());
      }
    }
  }

  private void round() throws InterruptedException {
    int threads = free.availablePermits();
    if (threads == 0) {
      // every thread busy: wait for one, interruptible by stop() like any other wait
      if (enterIdle()) {
        try {
          free.acquire();
          free.release();
        } finally {
          leaveIdle();
        }
      }
      return;
    }
    Instant now = clock.instant();
    ClaimRequest request =
        new ClaimRequest(
                options.owner(),
                options.leaseTime(),
                now,
                threads,
                options.eventsPerClaim(),
                caps.get(),
                !backpressure.over())
            .withQueues(options.queues())
            .withCommitting(committing())
            .withHeld(local.instanceIds());
    List<Claim> claims = runner.claim(request);
    failures.succeeded(); // a claim writes: the store takes writes
    for (Claim claim : claims) {
      free.acquire();
      pool.execute(() -> run(claim));
    }
    if (claims.size() < threads && enterIdle()) {
      try {
        if (claims.isEmpty()) {
          idle(now, caps.get().keySet());
        } else {
          // some work, not enough for every free thread: a cap is full or the work ran out; wait
          // for a turn to end (or a short pause) and claim again, without asking the store
          awaitThreadFreed(FIRST_PAUSE);
        }
      } finally {
        leaveIdle();
      }
    } else {
      cappedPause = FIRST_PAUSE;
    }
  }

  /** The tokens of this engine's leases whose turns have run and whose commits are in flight. */
  private Set<UUID> committing() {
    Set<UUID> tokens = new HashSet<>();
    for (Chain chain : local.chains()) {
      if (chain.committing()) {
        chain.leases().forEach(lease -> tokens.add(lease.token()));
      }
    }
    return tokens;
  }

  private void awaitThreadFreed(Duration atMost) throws InterruptedException {
    synchronized (threadFreed) {
      threadFreed.wait(Math.max(1, atMost.toMillis()));
    }
  }

  private void run(Claim claim) {
    try {
      runner.runClaimedCommitLater(claim, options.eventsPerClaim());
    } catch (RuntimeException e) {
      LOG.error("turn on {} failed", NamespacedIds.readable(claim.instance().id()), e);
    } finally {
      free.release();
      synchronized (threadFreed) {
        threadFreed.notifyAll();
      }
    }
  }

  /** Waits for work after a claim that took fewer instances than there were free threads. */
  private void idle(Instant now, Set<String> machines) throws InterruptedException {
    Optional<Instant> due = store.work().nextDue(now, machines, options.queues());
    if (due.isPresent() && !due.get().isAfter(now)) {
      // work is due but could not be claimed (a cap is full, or another node took it first)
      awaitThreadFreed(cappedPause);
      cappedPause = shorter(cappedPause.multipliedBy(2), options.pollInterval());
      return;
    }
    cappedPause = FIRST_PAUSE;
    Duration wait = options.pollInterval();
    if (due.isPresent()) {
      wait = shorter(wait, Duration.between(now, due.get()));
    }
    store.work().awaitWork(wait);
  }

  private static Duration shorter(Duration a, Duration b) {
    return a.compareTo(b) <= 0 ? a : b;
  }

  private void pause(Duration duration) {
    if (enterIdle()) {
      try {
        Thread.sleep(duration.toMillis());
      } catch (InterruptedException e) {
        // stopping
      } finally {
        leaveIdle();
      }
    }
  }
}
