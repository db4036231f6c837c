package dev.clockwork.core.interpreter;

import static dev.clockwork.core.definition.ParallelEvents.*;

import dev.clockwork.core.behavior.Target;
import dev.clockwork.core.event.Event;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a dispatched region's entry actions did, run off the instance's lease on a copy of its
 * context ({@link Interpreter#runRegion}): the context keys they set and removed, the events they
 * raised, and the events they emitted or broadcast. Nothing of it is applied until its {@link
 * #toEvent result event} is processed by the instance, in its order.
 *
 * @param region the path of the region
 * @param initialState the path of the region's initial state
 * @param set keys the actions set to a new value, with that value
 * @param removed keys the actions removed
 * @param raised events the actions raised, in order
 * @param emitted asynchronous emits and broadcasts the actions asked for, in order
 */
public record RegionWork(
    String region,
    String initialState,
    Map<String, Object> set,
    List<String> removed,
    List<Event> raised,
    List<Effect> emitted) {

  public RegionWork {
    set = Collections.unmodifiableMap(new LinkedHashMap<>(set));
    removed = List.copyOf(removed);
    raised = List.copyOf(raised);
    emitted = List.copyOf(emitted);
  }

  /**
   * The {@code @parallel.region} event that applies this work to the instance: the state entries it
   * was made for, the changes, and the {@code baseline} values (the context at dispatch) of the
   * keys it changed, by which a change someone else made since is recognised as a conflict.
   */
  public Event toEvent(
      String parallelState, long parallelEntry, long initialEntry, Map<String, ?> baseline) {
    Map<String, Object> payload = new LinkedHashMap<>();
    payload.put(PARALLEL_STATE, parallelState);
    payload.put(PARALLEL_ENTRY, parallelEntry);
    payload.put(REGION, region);
    payload.put(INITIAL_STATE, initialState);
    payload.put(INITIAL_ENTRY, initialEntry);
    payload.put(SET, set);
    payload.put(REMOVED, removed);
    Map<String, Object> before = new LinkedHashMap<>();
    for (String key : changedKeys()) {
      if (baseline.containsKey(key)) {
        before.put(key, baseline.get(key));
      }
    }
    payload.put(BASELINE, before);
    List<Object> events = new ArrayList<>(raised.size());
    for (Event event : raised) {
      events.add(Map.of("type", event.type(), "payload", event.payload()));
    }
    payload.put(RAISED, events);
    List<Object> emits = new ArrayList<>(0);
    List<Object> broadcasts = new ArrayList<>(0);
    for (Effect effect : emitted) {
      if (effect instanceof Effect.Emitted e) {
        Map<String, Object> emit = new LinkedHashMap<>();
        emit.put(kind(e.target()), target(e.target()));
        emit.put("type", e.event().type());
        emit.put("payload", e.event().payload());
        emits.add(emit);
      } else if (effect instanceof Effect.Broadcast b) {
        broadcasts.add(
            Map.of(
                "machine",
                b.machine(),
                "state",
                b.state(),
                "type",
                b.event().type(),
                "payload",
                b.event().payload()));
      }
    }
    payload.put(EMITS, emits);
    payload.put(BROADCASTS, broadcasts);
    return Event.of(REGION_DONE, payload);
  }

  /** The keys set or removed, in that order. */
  public List<String> changedKeys() {
    List<String> keys = new ArrayList<>(set.keySet());
    keys.addAll(removed);
    return keys;
  }

  /** The key an emit's target is written under: machine, instance or parent. */
  private static String kind(Target target) {
    return target.toParent() ? "parent" : target.inConversation() ? "machine" : "instance";
  }

  private static Object target(Target target) {
    return target.toParent()
        ? Boolean.TRUE
        : target.inConversation() ? target.machine() : target.instanceId();
  }
}
