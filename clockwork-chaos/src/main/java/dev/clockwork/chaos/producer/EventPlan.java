package dev.clockwork.chaos.producer;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * What the producer will send, decided by the seed alone: the same seed gives the same instances
 * and the same events in the same order.
 *
 * @param instances instance ids, {@code chaos-0001}…
 * @param events the events in sending order
 */
public record EventPlan(List<String> instances, List<Planned> events) {
  /** One event of the plan: its target instance and kind. */
  public record Planned(String instanceId, EventKind kind) {}

  public EventPlan {
    instances = List.copyOf(instances);
    events = List.copyOf(events);
  }

  /** {@code count} events over {@code instanceCount} instances, drawn from {@code seed}. */
  public static EventPlan of(long seed, int instanceCount, int count) {
    Random random = new Random(seed);
    List<String> instances = new ArrayList<>();
    for (int i = 1; i <= instanceCount; i++) {
      instances.add(String.format("chaos-%04d", i));
    }
    List<Planned> events = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      String instance = instances.get(random.nextInt(instanceCount));
      events.add(new Planned(instance, pick(random.nextInt(100))));
    }
    return new EventPlan(instances, events);
  }

  private static EventKind pick(int roll) {
    int bound = 0;
    for (EventKind kind : EventKind.values()) {
      bound += kind.weight;
      if (roll < bound) {
        return kind;
      }
    }
    return EventKind.STEP;
  }
}
