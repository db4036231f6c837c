package dev.clockwork.runtime;

import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.runtime.config.ClockworkConfig;
import dev.clockwork.runtime.config.EngineOptions;
import dev.clockwork.runtime.config.QueueConfig;
import dev.clockwork.runtime.internal.MachineRegistry;
import dev.clockwork.runtime.store.Store;
import java.time.Clock;
import java.util.Objects;

/** Configures an engine; the defaults are an in-memory store and the system clock. */
public final class EngineBuilder {
  private Store store;
  private Clock clock = Clock.systemUTC();
  private final MachineRegistry machines = new MachineRegistry();
  private final EngineOptions.Builder options = EngineOptions.builder();
  private ClockworkConfig config;

  EngineBuilder() {}

  public EngineBuilder store(Store chosen) {
    this.store = Objects.requireNonNull(chosen, "store");
    return this;
  }

  /**
   * The clock every timer, lease and history row is measured by (inject a virtual one in tests).
   */
  public EngineBuilder clock(Clock chosen) {
    this.clock = Objects.requireNonNull(chosen, "clock");
    return this;
  }

  public EngineBuilder register(MachineDefinition... definitions) {
    for (MachineDefinition definition : definitions) {
      machines.register(definition);
    }
    return this;
  }

  /** Tunes workers, leases, batches and retries; see {@link EngineOptions}. */
  public EngineBuilder options(java.util.function.Consumer<EngineOptions.Builder> settings) {
    settings.accept(options);
    return this;
  }

  /**
   * Queue and timer settings from {@code clockwork.yaml}: per-machine concurrency caps (held across
   * every node; without a config an engine claims without caps), strategies, timeouts and retries,
   * the sweep's batch size, backpressure threshold and interval.
   */
  public EngineBuilder config(ClockworkConfig settings) {
    this.config = Objects.requireNonNull(settings, "config");
    options
        .timerBatchSize(settings.timers().batchSize())
        .backpressureThreshold(settings.timers().backpressureThreshold())
        .sweepInterval(settings.timers().sweepInterval());
    return this;
  }

  /** Due timers moved into queues per store round trip (default 100). */
  public EngineBuilder timerBatchSize(int size) {
    options.timerBatchSize(size);
    return this;
  }

  public Engine build() {
    Store chosen = store != null ? store : new dev.clockwork.runtime.store.memory.InMemoryStore();
    EngineOptions built = options.build();
    ClockworkConfig settings = config;
    QueueConfig fallback =
        new QueueConfig(
            QueueConfig.DEFAULT.strategy(),
            QueueConfig.DEFAULT.concurrency(),
            QueueConfig.DEFAULT.timeout(),
            built.retry(),
            QueueConfig.DEFAULT.deadLetterEnabled(),
            QueueConfig.DEFAULT.deadLetterRetention(),
            QueueConfig.DEFAULT.alerts());
    return new Engine(
        built,
        chosen,
        clock,
        machines,
        machine -> settings != null ? settings.queueFor(machine) : fallback,
        settings != null);
  }
}
