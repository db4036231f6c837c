package dev.clockwork.runtime.config;

import dev.clockwork.core.behavior.ActionScope;
import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.definition.StateBuilder;
import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.health.HealthCheck;
import dev.clockwork.runtime.health.HealthLevel;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.listener.EngineListener;
import dev.clockwork.runtime.queue.EventStatus;
import dev.clockwork.runtime.store.RegionJob;
import dev.clockwork.runtime.store.Store;
import dev.clockwork.runtime.store.memory.InMemoryStore;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * What a row of {@link EverySettingAppliedTest} looks at: an engine on an in-memory store and a
 * virtual clock, running {@link #JOB}, with what its listener heard.
 */
final class SettingFixture {
  static final Instant T0 = Instant.parse("2026-07-01T10:00:00Z");

  /** What the regions' entry actions do first; set by a probe, cleared for each engine. */
  static volatile Consumer<ActionScope> regionHook = a -> {};

  /**
   * {@code job}, version 2: {@code BREAK} throws, {@code SLOW} takes 5 ms, {@code GO} does nothing,
   * {@code SPLIT} enters {@code split}, whose regions {@code left} and {@code right} each run an
   * entry action and finish.
   */
  static final MachineDefinition JOB = job(2);

  /** Version 1 of {@link #JOB}: what an upgrade moves instances from. */
  static final MachineDefinition JOB_V1 = job(1);

  final VirtualClock clock = VirtualClock.at(T0);
  final Store store = new InMemoryStore();

  /** {@code claimed} calls as {asked, got}. */
  final List<int[]> claims = new CopyOnWriteArrayList<>();

  final List<Boolean> backpressure = new CopyOnWriteArrayList<>();
  Engine engine;

  final EngineListener listener =
      new EngineListener() {
        @Override
        public void claimed(int asked, int claimed, Duration took) {
          claims.add(new int[] {asked, claimed});
        }

        @Override
        public void backpressure(boolean over, long threshold) {
          backpressure.add(over);
        }
      };

  /** A {@code job} instance, id {@code id}. */
  String create(String id) {
    return engine.create(NewInstance.of("job").id(id)).id();
  }

  /** The status of a {@code BREAK} sent to a new instance {@code id}, after {@code runDue}. */
  EventStatus failOnce(String id) {
    create(id);
    long event = engine.enqueue(id, Event.of("BREAK")).id();
    engine.runDue();
    return engine.instances().event(id, event);
  }

  /** The status of {@code type} sent to a new instance {@code j-1}, after {@code runDue}. */
  EventStatus statusAfter(String type) {
    create("j-1");
    long event = engine.enqueue("j-1", Event.of(type)).id();
    engine.runDue();
    return engine.instances().event("j-1", event);
  }

  /** The wait between the first and the second retry of a failing event. */
  Duration secondDelay() {
    create("j-1");
    long event = engine.enqueue("j-1", Event.of("BREAK")).id();
    engine.runDue();
    clock.moveTo(engine.instances().event("j-1", event).nextAttemptAt());
    engine.runDue();
    return Duration.between(
        clock.instant(), engine.instances().event("j-1", event).nextAttemptAt());
  }

  /** The level of health check {@code subject}. */
  HealthLevel health(String subject) {
    return engine.admin().queues().health().checks().stream()
        .filter(c -> c.subject().equals(subject))
        .map(HealthCheck::level)
        .findFirst()
        .orElse(HealthLevel.HEALTHY);
  }

  /** The region jobs of a {@code job} instance that entered {@code split}. */
  List<RegionJob> split(String id) {
    create(id);
    engine.send(id, Event.of("SPLIT"));
    return engine.regionJobs().pending(id);
  }

  private static MachineDefinition job(int version) {
    return Machine.define("job")
        .version(version)
        .initial("idle")
        .state(
            "idle",
            s ->
                s.on(
                        "BREAK",
                        t ->
                            t.action(
                                x -> {
                                  throw new IllegalStateException("broken");
                                }))
                    .on("SLOW", t -> t.action(x -> spin(Duration.ofMillis(5))))
                    .on("GO", t -> t.action(x -> {}))
                    .on("SPLIT", "split"))
        .parallel(
            "split",
            p -> p.state("left", SettingFixture::region).state("right", SettingFixture::region))
        .build();
  }

  private static void region(StateBuilder region) {
    region
        .initial("working")
        .state(
            "working",
            s ->
                s.entry(
                        a -> {
                          regionHook.accept(a);
                          a.raise("FINISHED");
                        })
                    .on("FINISHED", "done"))
        .finalState("done");
  }

  private static void spin(Duration duration) {
    long until = System.nanoTime() + duration.toNanos();
    while (System.nanoTime() < until) {
      Thread.onSpinWait();
    }
  }
}
