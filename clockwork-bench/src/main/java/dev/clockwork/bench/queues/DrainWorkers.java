package dev.clockwork.bench.queues;

import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.config.EngineOptions;
import java.util.ArrayList;
import java.util.List;

/**
 * The loop of the engine's own worker threads ({@code dev.clockwork.runtime.worker.Workers}) on the
 * engine's public methods, without the timer sweep (no machine here has timers): each thread claims
 * and processes a round ({@code Engine.processOnce()}) and waits for the store's signal, or the
 * poll interval, when there was nothing to claim; a heartbeat thread renews leases. Not {@code
 * Engine.start()}, which first loads every instance of every machine one by one to upgrade its
 * version: a second or more per drain that would be timed with the workers.
 */
final class DrainWorkers implements AutoCloseable {
  private final Engine engine;
  private final EngineOptions options;
  private final List<Thread> threads = new ArrayList<>();
  private volatile boolean running = true;

  private DrainWorkers(Engine engine) {
    this.engine = engine;
    this.options = engine.options();
  }

  static DrainWorkers start(Engine engine) {
    DrainWorkers workers = new DrainWorkers(engine);
    for (int i = 0; i < workers.options.workers(); i++) {
      workers.spawn("queue-bench-worker-" + i, workers::loop);
    }
    workers.spawn("queue-bench-heartbeat", workers::heartbeat);
    return workers;
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
        if (engine.processOnce() == 0) {
          engine.store().awaitWork(options.pollInterval());
        }
      } catch (InterruptedException e) {
        return;
      } catch (RuntimeException e) {
        // the watched store keeps the first failure; the drain reports it if events go missing
        sleep(options.pollInterval().toMillis());
      }
    }
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
    threads.forEach(Thread::interrupt);
    try {
      for (Thread thread : threads) {
        thread.join(10_000);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
