package dev.clockwork.testkit;

import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.config.ParallelDispatchSettingsBuilder;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.store.Store;
import dev.clockwork.runtime.store.memory.InMemoryStore;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Chooses the store, start instant, input and id of a {@link MachineTest}: {@link
 * MachineTest#with}.
 */
public final class MachineTestSetup {
  private final MachineDefinition machine;
  private Store store = new InMemoryStore();
  private Instant start = MachineTest.DEFAULT_START;
  private Map<String, ?> input = Map.of();
  private String instanceId;
  private Engine.Builder engine = Engine.builder();

  MachineTestSetup(MachineDefinition machine) {
    this.machine = Objects.requireNonNull(machine, "machine");
  }

  public MachineTestSetup store(Store chosen) {
    this.store = Objects.requireNonNull(chosen, "store");
    return this;
  }

  public MachineTestSetup startingAt(Instant instant) {
    this.start = Objects.requireNonNull(instant, "start");
    return this;
  }

  public MachineTestSetup input(Map<String, ?> values) {
    this.input = Objects.requireNonNull(values, "input");
    return this;
  }

  public MachineTestSetup instanceId(String id) {
    this.instanceId = id;
    return this;
  }

  /**
   * Parallel dispatch on: region entry actions become jobs that wait until the test runs them
   * ({@code runRegionJobs}, {@code failRegionJob}), one by one, in the order it chooses.
   */
  public MachineTestSetup parallelDispatch() {
    return parallelDispatch(p -> {});
  }

  /**
   * Parallel dispatch on, with other settings too (job tries, backoff, region timeout…): {@code p
   * -> p.jobTries(1)}, named as in {@code clockwork.yaml}'s {@code parallel_dispatch} block.
   */
  public MachineTestSetup parallelDispatch(Consumer<ParallelDispatchSettingsBuilder> settings) {
    Objects.requireNonNull(settings, "settings");
    engine.settings(s -> s.parallelDispatch(p -> settings.accept(p.enabled(true))));
    return this;
  }

  /** Other machines (e.g. children) the engine must know. */
  public MachineTestSetup register(MachineDefinition... others) {
    engine.register(others);
    return this;
  }

  public MachineTest start() {
    VirtualClock clock = VirtualClock.at(start);
    Engine built =
        engine
            .register(machine)
            .store(store)
            .clock(clock)
            .settings(s -> s.workers(w -> w.regionJobThreads(0)))
            .build();
    String id = built.create(NewInstance.of(machine.id()).id(instanceId).input(input)).id();
    return new MachineTest(built, clock, id);
  }
}
