package dev.clockwork.cli.serve;

import dev.clockwork.core.behavior.Behaviors;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.config.Settings;
import dev.clockwork.runtime.store.Store;
import dev.clockwork.schedule.Schedules;
import dev.clockwork.schedule.store.ScheduleStore;
import dev.clockwork.server.ClockworkServer;
import dev.clockwork.server.access.AccessPolicy;
import dev.clockwork.server.callback.CallbackOptions;
import dev.clockwork.server.config.ServerConfig;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;

/**
 * One running Clockwork: an engine on {@code store} with its workers, the schedules ticking in
 * them, and the HTTP server over both, its {@code /metrics} showing the engine's meters. {@link
 * #close()} stops the server first (no new requests), then the engine (workers stop claiming,
 * finish or give back their turns, release their leases), then whatever {@code onClose} owns (the
 * connection pool, the embedded database).
 */
public final class ServeSession implements AutoCloseable, StopSignals.Stoppable {
  /** How often the schedules tick inside the workers. */
  static final Duration SCHEDULE_TICK = Duration.ofSeconds(1);

  private final Engine engine;
  private final Schedules schedules;
  private final ClockworkServer server;
  private final Runnable onClose;
  private final CountDownLatch closed = new CountDownLatch(1);
  private boolean closing;
  private volatile String stopTimes = "";

  private ServeSession(
      Engine engine, Schedules schedules, ClockworkServer server, Runnable onClose) {
    this.engine = engine;
    this.schedules = schedules;
    this.server = server;
    this.onClose = onClose;
  }

  /** What a session runs on and how it listens. */
  public record Setup(
      Store store,
      ScheduleStore scheduleStore,
      Settings config,
      List<MachineDefinition> machines,
      Behaviors behaviors,
      AccessPolicy access,
      CallbackOptions callbacks,
      String host,
      int port,
      Clock clock) {}

  /** Starts the engine, the schedules and the server; on failure stops what started. */
  public static ServeSession start(Setup settings, Runnable onClose) {
    PrometheusMeterRegistry metrics = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    Engine.Builder builder =
        Engine.builder()
            .metrics(metrics)
            .store(settings.store())
            .clock(settings.clock())
            .config(settings.config())
            .behaviors(settings.behaviors())
            .register(settings.machines().toArray(new MachineDefinition[0]));
    if (settings.callbacks() != null) {
      builder.listener(settings.callbacks().listener());
    }
    Engine engine = builder.build();
    try {
      Schedules schedules =
          Schedules.builder(engine)
              .store(settings.scheduleStore())
              .build()
              .runInWorkers(SCHEDULE_TICK);
      engine.start();
      ClockworkServer.Builder server =
          ClockworkServer.builder(engine)
              .schedules(schedules)
              .metrics(metrics)
              .access(settings.access())
              .host(settings.host())
              .port(settings.port())
              .limits(ServerConfig.from(settings.config()).limits());
      if (settings.callbacks() != null) {
        server.callbacks(settings.callbacks());
      }
      return new ServeSession(engine, schedules, server.start(), onClose);
    } catch (RuntimeException e) {
      try {
        engine.close();
      } catch (RuntimeException closing) {
        e.addSuppressed(closing);
      }
      throw e;
    }
  }

  public Engine engine() {
    return engine;
  }

  public Schedules schedules() {
    return schedules;
  }

  /** The server's base URL. */
  public String url() {
    return server.url();
  }

  /** Blocks until {@link #close()} has finished. */
  public void awaitClosed() throws InterruptedException {
    closed.await();
  }

  @Override
  public void close() {
    synchronized (this) {
      if (closing) {
        return;
      }
      closing = true;
    }
    long began = System.nanoTime();
    long[] ends = new long[3];
    try {
      server.close();
    } finally {
      ends[0] = System.nanoTime();
      try {
        engine.close();
      } finally {
        ends[1] = System.nanoTime();
        try {
          onClose.run();
        } finally {
          ends[2] = System.nanoTime();
          stopTimes =
              String.format(
                  Locale.ROOT,
                  "%.1f s: HTTP server %.1f s, workers %.1f s, storage %.1f s",
                  (ends[2] - began) / 1e9,
                  (ends[0] - began) / 1e9,
                  (ends[1] - ends[0]) / 1e9,
                  (ends[2] - ends[1]) / 1e9);
          closed.countDown();
        }
      }
    }
  }

  /**
   * How long {@link #close()} took, in all and by part (the HTTP server, the engine's workers, the
   * storage {@code onClose} owns); empty until it has finished.
   */
  @Override
  public String stopTimes() {
    return stopTimes;
  }
}
