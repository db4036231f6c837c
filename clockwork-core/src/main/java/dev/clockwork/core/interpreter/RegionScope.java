package dev.clockwork.core.interpreter;

import dev.clockwork.core.ClockworkException;
import dev.clockwork.core.behavior.NonRetryable;
import dev.clockwork.core.behavior.Target;
import dev.clockwork.core.context.Context;
import dev.clockwork.core.definition.StateNode;
import dev.clockwork.core.event.Event;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What a dispatched region's entry actions see: a copy of the instance's context, the event whose
 * step entered the state, and no synchronous emits (the actions run without the instance's lease; a
 * reply has no caller to reach and is dropped). Collects their writes into a {@link RegionWork}.
 */
final class RegionScope extends StepScope {
  private final Context before;

  RegionScope(Context context, Instant now, Delivery delivery) {
    super(now, delivery);
    this.before = context;
  }

  @Override
  Context base() {
    return before;
  }

  RegionWork run(StateNode region, StateNode initial, Event trigger) {
    setEvent(trigger);
    for (int a = 0; a < initial.entryActionCount(); a++) {
      initial.entryAction(a).run(this);
    }
    Map<String, Object> after = context().asMap();
    Map<String, Object> old = before.asMap();
    Map<String, Object> set = new LinkedHashMap<>();
    for (Map.Entry<String, Object> entry : after.entrySet()) {
      if (!old.containsKey(entry.getKey())
          || !Objects.equals(old.get(entry.getKey()), entry.getValue())) {
        set.put(entry.getKey(), entry.getValue());
      }
    }
    List<String> removed = new ArrayList<>(0);
    for (String key : old.keySet()) {
      if (!after.containsKey(key)) {
        removed.add(key);
      }
    }
    List<Event> raised = new ArrayList<>(0);
    for (Event event = pollInternal(); event != null; event = pollInternal()) {
      raised.add(event);
    }
    List<Effect> emitted = new ArrayList<>(0);
    for (Effect effect : effects()) {
      if (effect instanceof Effect.Emitted || effect instanceof Effect.Broadcast) {
        emitted.add(effect);
      }
    }
    return new RegionWork(region.path(), initial.path(), set, removed, raised, emitted);
  }

  @Override
  public Object emit(Target target, Event emitted) {
    throw new SyncEmitRefused(target);
  }

  /** A synchronous emit in a dispatched entry action: a mistake no retry mends. */
  static final class SyncEmitRefused extends ClockworkException implements NonRetryable {
    private static final long serialVersionUID = 1L;

    SyncEmitRefused(Target target) {
      super(
          "a synchronous emit to '"
              + target
              + "' cannot run in a dispatched region entry action: it runs without the"
              + " instance's lease; use emitAsync, or raise an event and emit from its transition");
    }
  }
}
