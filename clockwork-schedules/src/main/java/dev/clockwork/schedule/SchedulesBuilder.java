package dev.clockwork.schedule;

import dev.clockwork.runtime.Engine;
import dev.clockwork.schedule.definition.ScheduleOptions;
import dev.clockwork.schedule.internal.Services;
import dev.clockwork.schedule.store.ScheduleStore;
import dev.clockwork.schedule.store.memory.InMemoryScheduleStore;
import java.util.Objects;
import java.util.Random;
import java.util.function.Consumer;
import java.util.random.RandomGenerator;

/**
 * Configures a {@link Schedules} service: {@link Schedules#builder(Engine)}. The service built
 * removes deleted schedules' audit in the engine's retention passes when {@code
 * retention.schedule_audit} is set.
 */
public final class SchedulesBuilder {
  private final Engine engine;
  private ScheduleStore store;
  private ScheduleOptions options;
  private RandomGenerator random;
  private boolean deployOnStart = true;

  SchedulesBuilder(Engine engine) {
    this.engine = Objects.requireNonNull(engine, "engine");
    this.options = fromEngine().build();
  }

  /** Options whose default namespace is the engine's {@code schedules.namespace} setting. */
  private ScheduleOptions.Builder fromEngine() {
    return ScheduleOptions.builder().defaultNamespace(engine.settings().scheduleNamespace());
  }

  /** Where schedules live (default: a new in-memory store). */
  public SchedulesBuilder store(ScheduleStore value) {
    this.store = Objects.requireNonNull(value, "store");
    return this;
  }

  public SchedulesBuilder options(ScheduleOptions value) {
    this.options = Objects.requireNonNull(value, "options");
    return this;
  }

  /**
   * Changes the options, starting from the defaults and the engine's {@code schedules.namespace} as
   * the default namespace.
   */
  public SchedulesBuilder options(Consumer<ScheduleOptions.Builder> settings) {
    ScheduleOptions.Builder builder = fromEngine();
    settings.accept(builder);
    return options(builder.build());
  }

  /** The random source of jitter and ULIDs (inject a seeded one for repeatable tests). */
  public SchedulesBuilder random(RandomGenerator value) {
    this.random = Objects.requireNonNull(value, "random");
    return this;
  }

  /**
   * Whether {@link Engine#start()} deploys the machines' timer start events ({@link
   * Schedules#deployStartTimers()}) in the options' default namespace; default true. On an engine
   * that has started already, {@link #build()} deploys them at once. Turn it off to deploy them in
   * another namespace or from a deploy job.
   */
  public SchedulesBuilder deployStartTimersOnStart(boolean value) {
    this.deployOnStart = value;
    return this;
  }

  public Schedules build() {
    Schedules built =
        new Schedules(
            new Services(
                engine,
                store != null ? store : new InMemoryScheduleStore(),
                options,
                random != null ? random : new Random()),
            null,
            null);
    built.auditRetention();
    return deployOnStart ? built.deployOnStart() : built;
  }
}
