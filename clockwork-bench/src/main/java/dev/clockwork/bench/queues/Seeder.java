package dev.clockwork.bench.queues;

import dev.clockwork.bench.harness.Parallel;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.config.SettingsBuilder;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.queue.EventRequest;
import dev.clockwork.runtime.queue.Priority;
import dev.clockwork.runtime.store.Store;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import java.util.function.IntToDoubleFunction;

/**
 * Fills seed databases through the engine's public API ({@code Engine.create}, {@code
 * Engine.enqueue}) from a few threads. Set-up, never measured; the caller runs it with commits not
 * waiting for their flush.
 *
 * <p>Every event is stamped with an instant of its own on the {@link SeedClock}: round {@code n} of
 * the events (every instance's n-th, by default) lies {@code width} microseconds after round {@code
 * n - 1}, and each instance has a fixed place in [0, 1) within a round. Claims serve the instance
 * whose head event waited longest, so this fixes the order of the drain.
 */
final class Seeder {
  private final SeedClock clock;
  private final Instant base;
  private final int threads;

  /**
   * @param base the instant of round 1, place 0: in the past, so every seeded event is available
   *     when a drain starts
   */
  Seeder(Instant base, int threads) {
    this.base = base;
    this.clock = new SeedClock(base);
    this.threads = threads;
  }

  /**
   * One seed's events: instance {@code ids[i]} gets {@code perInstance} events of {@code eventType}
   * with payload {@code n = 1, 2, …}. Event n of instance i is stamped {@code (n - 1) × spacing +
   * place(i)} rounds after the base: with spacing 1, every instance's n-th event falls in round n,
   * at its place in [0, 1). With {@code mixedPriorities} event n of instance i has priority level
   * (i + n) mod 5, else normal.
   */
  record Feed(
      List<String> ids,
      int perInstance,
      String eventType,
      IntToDoubleFunction place,
      double spacing,
      boolean mixedPriorities) {
    Feed {
      ids = List.copyOf(ids);
    }

    long events() {
      return (long) ids.size() * perInstance;
    }

    Event event(int n) {
      return Event.of(eventType, Map.of(QueueMachines.N, n));
    }

    Priority priority(int i, int n) {
      return mixedPriorities ? Priority.ofLevel((i + n) % 5) : Priority.NORMAL;
    }
  }

  /**
   * An engine that seeds through {@code store}; {@code settings} may be null (no queue settings).
   */
  Engine engine(Store store, Consumer<SettingsBuilder> settings, List<MachineDefinition> machines) {
    Engine.Builder builder = Engine.builder().store(store).clock(clock);
    machines.forEach(builder::register);
    if (settings != null) {
      builder.settings(settings);
    }
    return builder.build();
  }

  /**
   * Creates {@code ids.size()} instances, {@code machineOf(i)} each.
   *
   * @return instances created per second
   */
  double create(Engine engine, List<String> ids, IntFunction<String> machineOf) {
    double seconds =
        Parallel.forEach(
            threads,
            ids.size(),
            i -> engine.create(NewInstance.of(machineOf.apply(i)).id(ids.get(i))));
    return ids.size() / seconds;
  }

  /**
   * Enqueues the feed, each instance's events in order from one thread.
   *
   * @param width microseconds a round lasts
   * @return events enqueued per second
   */
  double enqueue(Engine engine, Feed feed, long width) {
    double seconds =
        Parallel.forEach(
            threads,
            feed.ids().size(),
            i -> {
              double place = feed.place().applyAsDouble(i);
              for (int n = 1; n <= feed.perInstance(); n++) {
                long at = Math.round(((n - 1) * feed.spacing() + place) * width);
                clock.set(base.plus(at, ChronoUnit.MICROS));
                engine.enqueue(
                    EventRequest.to(feed.ids().get(i), feed.event(n))
                        .priority(feed.priority(i, n)));
              }
            });
    return feed.events() / seconds;
  }
}
