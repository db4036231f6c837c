package dev.clockwork.bench.durable;

import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.config.EngineOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The loop of the engine's own worker threads ({@code dev.clockwork.runtime.worker.Workers} at the
 * measured commit), run on the engine's public methods, for the timer benchmarks only: {@code
 * Engine.start()} first loads every instance of every registered machine one by one to upgrade its
 * version ({@code Engine.upgradeInstances}), which with a million instances would take longer than
 * the whole benchmark (see the throughput section's "start()" column for its cost at 10,000). Each
 * thread loops: sweep due timers every sweep interval unless more events than the backpressure
 * threshold are pending, process one claim, and wait for a notification (or the poll interval) when
 * there was nothing to do. A heartbeat thread renews leases.
 */
final class BenchWorkers implements AutoCloseable {
  private final Engine engine;
  private final EngineOptions options;
  private final List<Thread> threads = new ArrayList<>();
  private volatile boolean running = true;
  private volatile long nextSweepNanos = System.nanoTime();
  private final AtomicLong backpressureWaits = new AtomicLong();

  private BenchWorkers(Engine engine) {
    this.engine = engine;
    this.options = engine.options();
  }

  static BenchWorkers start(Engine engine) {
    BenchWorkers workers = new BenchWorkers(engine);
    for (int i = 0; i < workers.options.workers(); i++) {
      workers.spawn("bench-worker-" + i, workers::loop);
    }
    workers.spawn("bench-heartbeat", workers::heartbeat);
    return workers;
  }

  long backpressureWaits() {
    return backpressureWaits.get();
  }

  private void spawn(String name, Runnable body) {
    Thread thread = new Thread(body, name);
    thread.setDaemon(true);
    threads.add(thread);
    thread.start();
  }

  private void loop() {
    while (running) {
      try {
        sweepIfDue();
        if (engine.processOnce() == 0) {
          engine.store().awaitWork(options.pollInterval());
        }
      } catch (InterruptedException e) {
        return;
      } catch (RuntimeException e) {
        // the store decorator counts and keeps the first failure; the engine's workers log it
        sleep(options.pollInterval().toMillis());
      }
    }
  }

  private void sweepIfDue() {
    long now = System.nanoTime();
    if (now - nextSweepNanos < 0) {
      return;
    }
    nextSweepNanos = now + options.sweepInterval().toNanos();
    if (engine.store().pendingEvents() > options.backpressureThreshold()) {
      backpressureWaits.incrementAndGet();
      return;
    }
    engine.sweepTimers();
  }

  private void heartbeat() {
    while (running) {
      sleep(options.leaseTime().dividedBy(3).toMillis());
      if (running) {
        engine.renewLeases();
      }
    }
  }

  private void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      running = false;
    }
  }

  @Override
  public void close() {
    running = false;
    for (Thread thread : threads) {
      thread.interrupt();
    }
    try {
      for (Thread thread : threads) {
        thread.join(10_000);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
