package dev.clockwork.core.interpreter;

import static dev.clockwork.core.definition.ParallelEvents.*;

import dev.clockwork.core.behavior.Target;
import dev.clockwork.core.context.JsonValues;
import dev.clockwork.core.definition.StateKind;
import dev.clockwork.core.definition.StateNode;
import dev.clockwork.core.event.Event;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Applies what parallel dispatch sends an instance, in its order: a region job's result ({@code
 * @parallel.region}: guard re-checked on the current state, context changes merged with conflicts
 * recorded, raised events processed, a stall recorded), a job that gave up ({@code @parallel.fail})
 * and the region timeout's fire. Each records its {@code PARALLEL_…} internal event; a result for a
 * state entry that is gone is discarded and the discarded work recorded. It also records {@code
 * PARALLEL_DONE} when a dispatched parallel state's {@code @done} fires ({@link #recordDone}).
 */
final class RegionResults {
  private static final String DONE_STATE = "done.state.";

  private final Macrostep step;
  private StateNode initial;
  private long initialEntry;
  private boolean contextChanged;

  RegionResults(Macrostep step) {
    this.step = step;
  }

  /** Applies a region job's result; the step then settles its raised events. */
  void applyResult(Event event) {
    Map<String, Object> payload = event.payload();
    String region = (String) payload.get(REGION);
    Map<String, Object> set = map(payload.get(SET));
    List<String> removed = strings(payload.get(REMOVED));
    List<Object> raised = list(payload.get(RAISED));
    String stale = staleReason(payload);
    if (stale != null) {
      List<String> discarded = new ArrayList<>(set.keySet());
      discarded.addAll(removed);
      int events = raised.size() + list(payload.get(EMITS)).size();
      events += list(payload.get(BROADCASTS)).size();
      Map<String, Object> abort = new LinkedHashMap<>();
      abort.put(REGION, region);
      abort.put(REASON, stale);
      abort.put(DISCARDED_CONTEXT, discarded);
      abort.put(DISCARDED_EVENTS, events);
      abort.put(WORK_WAS_DISCARDED, !discarded.isEmpty() || events > 0);
      record(GUARD_ABORT, abort);
      return;
    }
    Map<String, Object> baseline = map(payload.get(BASELINE));
    List<String> conflicted = new ArrayList<>(0);
    for (String key : keys(set, removed)) {
      boolean had = baseline.containsKey(key);
      boolean has = step.context().has(key);
      if (had != has || has && !JsonValues.sameJson(baseline.get(key), step.context().get(key))) {
        conflicted.add(key);
      }
    }
    if (!conflicted.isEmpty()) {
      record(CONTEXT_CONFLICT, Map.of(REGION, region, CONFLICTED_KEYS, conflicted));
    }
    set.forEach(step::set);
    removed.forEach(step::remove);
    contextChanged = !set.isEmpty() || !removed.isEmpty();
    record(ENTER, Map.of(REGION, region));
    for (Object emit : list(payload.get(EMITS))) {
      Map<String, Object> e = map(emit);
      Target target =
          e.containsKey("parent")
              ? Target.parent()
              : e.containsKey("machine")
                  ? Target.machine((String) e.get("machine"))
                  : Target.instance((String) e.get("instance"));
      step.effect(new Effect.Emitted(target, event(e)));
    }
    for (Object broadcast : list(payload.get(BROADCASTS))) {
      Map<String, Object> b = map(broadcast);
      step.effect(
          new Effect.Broadcast((String) b.get("machine"), (String) b.get("state"), event(b)));
    }
    for (Object raisedEvent : raised) {
      step.raise(event(map(raisedEvent)));
    }
  }

  /** After the result's raised events settled: a region still at its initial entry stalled. */
  void afterSettle() {
    if (initial == null) {
      return;
    }
    ActiveState active = step.config().find(initial);
    if (active != null && active.entryId() == initialEntry) {
      Map<String, Object> stalled = new LinkedHashMap<>();
      stalled.put(REGION, initial.parent().path());
      stalled.put(INITIAL_STATE, initial.path());
      stalled.put(CONTEXT_CHANGED, contextChanged);
      record(STALLED, stalled);
    }
  }

  /**
   * {@code PARALLEL_DONE} when the {@code @done} of a parallel state whose regions dispatch fires:
   * the selection for its {@code done.state.…} event took one of its branches, however the last
   * region finished (a job's result or an external event). Every region being final is not enough:
   * a guarded {@code @done} that does not pass leaves the instance in the parallel state, and the
   * history must not say done.
   */
  void recordDone(Event raised) {
    if (!raised.type().startsWith(DONE_STATE)) {
      return;
    }
    Selection selection = step.selection();
    for (int i = 0; i < selection.size(); i++) {
      StateNode state = selection.transition(i).source();
      if (raised.type().equals(DONE_STATE + state.path()) && Dispatchable.parallelState(state)) {
        record(DONE, Map.of(PARALLEL_STATE, state.path()));
        return;
      }
    }
  }

  /** A region job gave up: {@code PARALLEL_FAIL}, then the parallel state's {@code @fail}. */
  void applyFailure(Event event) {
    Map<String, Object> payload = event.payload();
    String parallel = (String) payload.get(PARALLEL_STATE);
    Map<String, Object> failure = new LinkedHashMap<>();
    failure.put(REGION, payload.get(REGION));
    failure.put(ERROR, payload.get(ERROR));
    failure.put(EXCEPTION, payload.get(EXCEPTION));
    failure.put(ATTEMPTS, payload.get(ATTEMPTS));
    String stale = staleReason(payload);
    if (stale != null) {
      Map<String, Object> abort = new LinkedHashMap<>();
      abort.put(REGION, payload.get(REGION));
      abort.put(REASON, stale);
      abort.put(DISCARDED_CONTEXT, List.of());
      abort.put(DISCARDED_EVENTS, 0);
      abort.put(WORK_WAS_DISCARDED, false);
      record(GUARD_ABORT, abort);
      return;
    }
    record(FAIL, failure);
    step.raise(Event.of(failEvent(parallel), failure));
  }

  /**
   * The region timeout of the parallel state whose entry armed {@code timer} passed: with regions
   * unfinished, {@code PARALLEL_REGION_TIMEOUT}, then the state's {@code @fail}.
   */
  void timedOut(ArmedTimer timer) {
    StateNode parallel = step.definition().state(timer.statePath());
    List<String> stalled = new ArrayList<>(2);
    for (StateNode region : parallel.children()) {
      if (!step.config().isInFinalState(region)) {
        stalled.add(region.path());
      }
    }
    if (stalled.isEmpty()) {
      return;
    }
    Duration timeout = Duration.parse(timer.value());
    Map<String, Object> payload = new LinkedHashMap<>();
    payload.put(PARALLEL_STATE, parallel.path());
    Object seconds =
        timeout.toMillis() % 1000 == 0
            ? (Object) timeout.toSeconds()
            : (Object) (timeout.toMillis() / 1000.0);
    payload.put(TIMEOUT_SECONDS, seconds);
    payload.put(STALLED_REGIONS, stalled);
    record(TIMEOUT, payload);
    Map<String, Object> failure = new LinkedHashMap<>(payload);
    failure.put(ERROR, "region timeout of " + timeout + " passed");
    step.raise(Event.of(failEvent(parallel.path()), failure));
  }

  /** Why the result is stale (its parallel or initial state entry is gone), or null. */
  private String staleReason(Map<String, Object> payload) {
    ActiveState parallel =
        activeParallel((String) payload.get(PARALLEL_STATE), payload.get(PARALLEL_ENTRY));
    if (parallel == null) {
      return LEFT_PARALLEL_STATE;
    }
    Optional<StateNode> state = step.definition().find((String) payload.get(INITIAL_STATE));
    ActiveState active = state.map(step.config()::find).orElse(null);
    Object entryId = payload.get(INITIAL_ENTRY);
    long entry = entryId instanceof Number n ? n.longValue() : -1;
    if (active == null || active.entryId() != entry) {
      return REGION_ADVANCED;
    }
    initial = state.get();
    initialEntry = entry;
    return null;
  }

  private ActiveState activeParallel(String path, Object entryId) {
    if (path == null || !(entryId instanceof Number)) {
      return null;
    }
    Optional<StateNode> state = step.definition().find(path);
    if (state.isEmpty() || state.get().kind() != StateKind.PARALLEL) {
      return null;
    }
    ActiveState active = step.config().find(state.get());
    if (active == null || active.entryId() != ((Number) entryId).longValue()) {
      return null;
    }
    return active;
  }

  private void record(String type, Map<String, Object> payload) {
    step.markChanged();
    step.effect(new Effect.InternalEvent(Event.of(type, payload)));
  }

  private static List<String> keys(Map<String, Object> set, List<String> removed) {
    List<String> keys = new ArrayList<>(set.keySet());
    keys.addAll(removed);
    return keys;
  }

  private static Event event(Map<String, Object> e) {
    Map<String, Object> payload = map(e.get("payload"));
    return Event.of((String) e.get("type"), payload);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> map(Object value) {
    return value instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
  }

  @SuppressWarnings("unchecked")
  private static List<Object> list(Object value) {
    return value instanceof List<?> l ? (List<Object>) l : List.of();
  }

  private static List<String> strings(Object value) {
    List<String> out = new ArrayList<>();
    for (Object o : list(value)) {
      out.add((String) o);
    }
    return out;
  }
}
