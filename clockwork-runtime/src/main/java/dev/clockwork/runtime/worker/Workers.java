package dev.clockwork.runtime.worker;

import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.config.EngineOptions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The engine's worker threads. Each loops: sweep due timers (unless the queues are over the
 * backpressure threshold), claim and process a batch, and, when there was nothing to do, wait for
 * the store to signal work (or the poll interval). A heartbeat thread renews the leases in use.
 */
public final class Workers {
  private static final Logger LOG = LoggerFactory.getLogger(Workers.class);

  private final Engine engine;
  private final EngineOptions options;
  private final AtomicLong backpressureWaits = new AtomicLong();
  private final List<Thread> threads = new ArrayList<>();
  private volatile boolean running;
  private volatile long nextSweepNanos = System.nanoTime();
  private final List<PeriodicTask> tasks = new java.util.concurrent.CopyOnWriteArrayList<>();

  public Workers(Engine engine, EngineOptions options) {
    this.engine = engine;
    this.options = options;
  }

  public synchronized void start() {
    if (running) {
      return;
    }
    running = true;
    for (int i = 0; i < options.workers(); i++) {
      Thread thread = new Thread(this::loop, "clockwork-worker-" + i);
      thread.setDaemon(true);
      threads.add(thread);
      thread.start();
    }
    Thread heartbeat = new Thread(this::heartbeat, "clockwork-heartbeat");
    heartbeat.setDaemon(true);
    threads.add(heartbeat);
    heartbeat.start();
  }

  public synchronized void stop() {
    running = false;
    threads.forEach(Thread::interrupt);
    for (Thread thread : threads) {
      try {
        thread.join(Duration.ofSeconds(10).toMillis());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
    threads.clear();
  }

  /**
   * Adds work every worker round runs when {@code every} has passed (one worker at a time runs it):
   * schedule ticks, retention purges.
   */
  public void add(String name, Duration every, Runnable task) {
    tasks.add(new PeriodicTask(name, every, task));
  }

  /** How many times a sweep waited because the queues held more than the threshold. */
  public long backpressureWaits() {
    return backpressureWaits.get();
  }

  private void loop() {
    while (running) {
      try {
        sweepIfDue();
        for (PeriodicTask task : tasks) {
          task.runIfDue();
        }
        if (engine.processOnce() == 0) {
          // Wake for the next sweep at the latest, so due timers are not left waiting a poll.
          engine.store().awaitWork(shorter(options.pollInterval(), options.sweepInterval()));
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      } catch (RuntimeException e) {
        LOG.error("worker round failed; retrying after the poll interval", e);
        pause(options.pollInterval());
      }
    }
  }

  /**
   * Sweeps when the sweep interval has passed in real elapsed time (the cadence is operational;
   * what is due is decided by the engine clock).
   */
  private void sweepIfDue() {
    long now = System.nanoTime();
    if (now - nextSweepNanos < 0) {
      return;
    }
    nextSweepNanos = now + options.sweepInterval().toNanos();
    if (engine.store().pendingAbove(options.backpressureThreshold())) {
      backpressureWaits.incrementAndGet();
      LOG.warn(
          "timer sweep waits: more than {} events pending (the backpressure threshold)",
          options.backpressureThreshold());
      return;
    }
    engine.sweepTimers();
  }

  private void heartbeat() {
    Duration every = options.leaseTime().dividedBy(3);
    while (running) {
      pause(every);
      engine.renewLeases();
    }
  }

  private static Duration shorter(Duration a, Duration b) {
    return a.compareTo(b) <= 0 ? a : b;
  }

  private void pause(Duration duration) {
    try {
      Thread.sleep(duration.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      running = false;
    }
  }

  /** A task run at most once per interval across this engine's workers. */
  private static final class PeriodicTask {
    private final String name;
    private final long everyNanos;
    private final Runnable task;
    private final java.util.concurrent.atomic.AtomicLong next =
        new java.util.concurrent.atomic.AtomicLong(System.nanoTime());

    PeriodicTask(String name, Duration every, Runnable task) {
      this.name = name;
      this.everyNanos = every.toNanos();
      this.task = task;
    }

    void runIfDue() {
      long due = next.get();
      long now = System.nanoTime();
      if (now - due < 0 || !next.compareAndSet(due, now + everyNanos)) {
        return;
      }
      try {
        task.run();
      } catch (RuntimeException e) {
        LOG.error("worker task {} failed; it runs again in {} ms", name, everyNanos / 1_000_000, e);
      }
    }
  }
}
