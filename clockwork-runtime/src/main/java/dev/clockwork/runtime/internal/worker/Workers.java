package dev.clockwork.runtime.internal.worker;

import dev.clockwork.runtime.config.Settings;
import dev.clockwork.runtime.config.WorkerSettings;
import dev.clockwork.runtime.internal.Listeners;
import dev.clockwork.runtime.internal.LocalLeases;
import dev.clockwork.runtime.internal.TurnRunner;
import dev.clockwork.runtime.internal.outage.StoreFailures;
import dev.clockwork.runtime.store.Store;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An engine's threads: the worker threads that run turns, the dispatcher that claims work for them,
 * the heartbeat that renews their leases and the thread of the periodic tasks. Stopping them stops
 * claiming first, lets turns in progress finish for the shutdown timeout, then interrupts the rest
 * (their events are given back unspent), and stops the heartbeat and the tasks last.
 */
public final class Workers {
  private static final Logger LOG = LoggerFactory.getLogger(Workers.class);

  private final Store store;
  private final Clock clock;
  private final TurnRunner runner;
  private final WorkerSettings options;
  private final Supplier<Map<String, Integer>> caps;
  private final Listeners listeners;
  private final LocalLeases local;
  private final PeriodicTasks tasks;
  private final Backpressure backpressure;
  private final StoreFailures failures;
  private final List<Thread> services = new ArrayList<>();
  private ExecutorService pool;
  private Dispatcher dispatcher;
  private volatile boolean running;

  public Workers(
      Store store,
      Clock clock,
      TurnRunner runner,
      Settings settings,
      Supplier<Map<String, Integer>> caps,
      Listeners listeners,
      LocalLeases local,
      PeriodicTasks tasks,
      StoreFailures failures) {
    this.store = store;
    this.clock = clock;
    this.runner = runner;
    this.options = settings.workers();
    this.caps = caps;
    this.listeners = listeners;
    this.local = local;
    this.tasks = tasks;
    this.failures = failures;
    this.backpressure =
        new Backpressure(store, settings.timers().backpressureThreshold(), listeners);
    tasks.add("backpressure check", settings.timers().sweepInterval(), backpressure::check);
  }

  public synchronized void start() {
    if (running) {
      return;
    }
    running = true;
    try {
      backpressure.check(); // before the first claim, so timers wait from the start when they must
    } catch (RuntimeException e) {
      LOG.warn(
          "could not check the backpressure threshold; checking again later: {}", e.getMessage());
    }
    pool =
        new ThreadPoolExecutor(
            options.threads(),
            options.threads(),
            0,
            TimeUnit.MILLISECONDS,
            new LinkedBlockingQueue<>(),
            named("clockwork-worker-"));
    dispatcher =
        new Dispatcher(store, clock, runner, options, caps, backpressure, pool, local, failures);
    Heartbeat heartbeat = new Heartbeat(store, clock, local, options.leaseTime(), listeners);
    spawn("clockwork-dispatcher", dispatcher);
    spawn("clockwork-heartbeat", () -> loop(heartbeat.every(), heartbeat::beat));
    spawn("clockwork-tasks", this::runTasks);
  }

  /** Stops every thread, in the order the class describes. */
  public synchronized void stop() {
    if (!running) {
      return;
    }
    dispatcher.stop();
    join(services.get(0));
    pool.shutdown();
    try {
      if (!pool.awaitTermination(options.shutdownTimeout().toMillis(), TimeUnit.MILLISECONDS)) {
        LOG.info(
            "turns still running after {}: interrupting them, their events are given back",
            options.shutdownTimeout());
        runner.giveBackInterrupted();
        pool.shutdownNow();
        if (!pool.awaitTermination(10, TimeUnit.SECONDS)) {
          LOG.warn("worker threads did not stop within 10 s of being interrupted");
        }
      }
      // the last turns' commits were handed to the pipeline: written before the threads stop
      if (!runner.awaitCommits(options.shutdownTimeout())) {
        LOG.warn("commits still being written after {}", options.shutdownTimeout());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    running = false;
    for (Thread thread : services) {
      thread.interrupt();
    }
    services.forEach(this::join);
    services.clear();
  }

  private void runTasks() {
    while (running) {
      Duration next = tasks.runDue();
      sleep(next);
    }
  }

  private void loop(Duration every, Runnable body) {
    while (running) {
      sleep(every);
      if (running) {
        try {
          body.run();
        } catch (RuntimeException e) {
          if (!failures.failed("renew leases", e)) {
            LOG.warn("{} failed; it runs again in {}", Thread.currentThread().getName(), every, e);
          }
        }
      }
    }
  }

  private void sleep(Duration duration) {
    try {
      Thread.sleep(Math.max(1, duration.toMillis()));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void spawn(String name, Runnable body) {
    Thread thread = new Thread(body, name);
    thread.setDaemon(true);
    services.add(thread);
    thread.start();
  }

  private void join(Thread thread) {
    try {
      thread.join(Duration.ofSeconds(10).toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static ThreadFactory named(String prefix) {
    AtomicInteger next = new AtomicInteger();
    return task -> {
      Thread thread = new Thread(task, prefix + next.getAndIncrement());
      thread.setDaemon(true);
      return thread;
    };
  }
}
