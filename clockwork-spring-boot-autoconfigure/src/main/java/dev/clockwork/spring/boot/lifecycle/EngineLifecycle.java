package dev.clockwork.spring.boot.lifecycle;

import dev.clockwork.runtime.Engine;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Starts the engine's workers once every singleton of the context exists, and stops them before the
 * context's beans (the DataSource among them) are destroyed: on stop the engine stops claiming,
 * lets turns in progress finish for {@code clockwork.workers.shutdown-timeout} (then gives their
 * events back, unspent), releases their leases and stops the heartbeat last ({@link
 * Engine#close()}). Its phase is below the web server's: the workers run before the server takes
 * requests and stop only after it has answered the last one (graceful shutdown included).
 */
public final class EngineLifecycle implements SmartLifecycle {
  /**
   * Below Spring Boot's web server ({@code DEFAULT_PHASE - 2048}) and its graceful shutdown ({@code
   * DEFAULT_PHASE - 1024}): started before them, stopped after them.
   */
  public static final int PHASE = SmartLifecycle.DEFAULT_PHASE - 3072;

  private static final Logger LOG = LoggerFactory.getLogger(EngineLifecycle.class);

  private final Engine engine;
  private final boolean autoStartup;
  private final Runnable beforeStart;
  private volatile boolean running;

  public EngineLifecycle(Engine engine, boolean autoStartup) {
    this(engine, autoStartup, () -> {});
  }

  /**
   * A lifecycle that runs {@code beforeStart} right before the workers start: the starter makes
   * sure there the schedules exist (their tick and declared schedules are set up when they are
   * created), which a lazily initialised context would otherwise never do.
   */
  public EngineLifecycle(Engine engine, boolean autoStartup, Runnable beforeStart) {
    this.engine = engine;
    this.autoStartup = autoStartup;
    this.beforeStart = beforeStart;
  }

  @Override
  public synchronized void start() {
    if (!running) {
      beforeStart.run();
      engine.start();
      running = true;
      LOG.info("Clockwork workers started for machines {}", engine.machines().ids());
    }
  }

  @Override
  public synchronized void stop() {
    if (running) {
      running = false;
      engine.close();
      LOG.info("Clockwork workers stopped");
    }
  }

  @Override
  public boolean isRunning() {
    return running;
  }

  @Override
  public boolean isAutoStartup() {
    return autoStartup;
  }

  @Override
  public int getPhase() {
    return PHASE;
  }
}
