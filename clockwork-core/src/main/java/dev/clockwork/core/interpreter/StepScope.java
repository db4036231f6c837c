package dev.clockwork.core.interpreter;

import dev.clockwork.core.ClockworkException;
import dev.clockwork.core.behavior.ActionScope;
import dev.clockwork.core.behavior.Emitter;
import dev.clockwork.core.behavior.Target;
import dev.clockwork.core.context.Context;
import dev.clockwork.core.context.ContextWriter;
import dev.clockwork.core.context.JsonValues;
import dev.clockwork.core.event.Event;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * What the guards and actions of one {@link Macrostep} see and do: the context being written, the
 * event being processed, the step's instant and delivery, the internal events they raise and the
 * effects they ask for. The macrostep extends it, so a step allocates no separate scope.
 */
abstract class StepScope implements ActionScope {
  private final Instant now;
  private final Delivery delivery;
  private ContextWriter writer;
  private Emitter emitter;
  private Event event;
  private ArrayDeque<Event> internal;
  // Most steps ask for one or two effects: they are held here, and only a third makes a list.
  private Effect first;
  private Effect second;
  private List<Effect> more;

  StepScope(Instant now, Delivery delivery) {
    this.now = now;
    this.delivery = delivery;
  }

  /** The context before the step's writes. */
  abstract Context base();

  void emitter(Emitter runner) {
    this.emitter = runner;
  }

  void setEvent(Event current) {
    event = current;
  }

  void effect(Effect effect) {
    if (first == null) {
      first = effect;
    } else if (second == null) {
      second = effect;
    } else {
      if (more == null) {
        more = new ArrayList<>(8);
        more.add(first);
        more.add(second);
      }
      more.add(effect);
    }
  }

  boolean hasEffects() {
    return first != null;
  }

  /** The effects so far, in order; an unmodifiable list. */
  List<Effect> effects() {
    if (more != null) {
      return Collections.unmodifiableList(more);
    }
    if (second != null) {
      return List.of(first, second);
    }
    return first != null ? List.of(first) : List.of();
  }

  /** The next raised event, null when none is waiting. */
  Event pollInternal() {
    return internal == null ? null : internal.poll();
  }

  @Override
  public Context context() {
    return writer == null ? base() : writer.current();
  }

  @Override
  public Event event() {
    return event;
  }

  @Override
  public Instant now() {
    return now;
  }

  @Override
  public String instanceId() {
    return delivery.instanceId();
  }

  @Override
  public long eventId() {
    return delivery.eventId();
  }

  @Override
  public int attempt() {
    return delivery.attempt();
  }

  @Override
  public void set(String key, Object value) {
    writer().set(key, value);
  }

  @Override
  public void remove(String key) {
    writer().remove(key);
  }

  /** The context's writer, made at the first write: a step that writes nothing needs none. */
  private ContextWriter writer() {
    if (writer == null) {
      writer = new ContextWriter(base());
    }
    return writer;
  }

  @Override
  public void raise(String type) {
    raise(Event.of(type));
  }

  @Override
  public void raise(String type, Map<String, ?> payload) {
    raise(Event.of(type, payload));
  }

  @Override
  public void raise(Event raised) {
    if (internal == null) {
      internal = new ArrayDeque<>(4);
    }
    internal.add(raised);
  }

  @Override
  public Object emit(Target target, Event emitted) {
    if (emitter == null) {
      throw new ClockworkException(
          "a synchronous emit to '"
              + target
              + "' needs an engine to run it; the pure interpreter was called without one");
    }
    return emitter.emit(target, emitted);
  }

  @Override
  public void emitAsync(Target target, Event emitted) {
    effect(new Effect.Emitted(target, emitted));
  }

  @Override
  public void broadcast(String machine, String state, Event emitted) {
    effect(new Effect.Broadcast(machine, state, emitted));
  }

  @Override
  public void reply(Object value) {
    effect(new Effect.Replied(JsonValues.checked("reply", value)));
  }
}
