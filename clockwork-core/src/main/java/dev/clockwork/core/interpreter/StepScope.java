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
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * What the guards and actions of one {@link Macrostep} see and do: the context being written, the
 * event being processed, the step's instant and delivery, the internal events they raise and the
 * effects they ask for. The macrostep extends it, so a step allocates no separate scope.
 */
abstract class StepScope implements ActionScope {
  private Instant now;
  private Delivery delivery;
  private ContextWriter writer;
  private boolean writing;
  private Emitter emitter;
  private Event event;
  private ArrayDeque<Event> internal;
  // Most steps ask for one or two effects: they are held here, and only a third uses the array
  // (kept from step to step by a reused scope). A state entry stands for its StateEntered effect.
  private Object first;
  private Object second;
  private Object[] more;
  private int count;

  StepScope(Instant now, Delivery delivery) {
    this.now = now;
    this.delivery = delivery;
  }

  /**
   * Starts a step on a reused scope: nothing the previous step left (its writes, raised events,
   * effects, even those of a step that threw) is seen by this one.
   */
  void begin(Instant at, Delivery by) {
    now = at;
    delivery = by;
    writing = false;
    emitter = null;
    event = null;
    if (internal != null && !internal.isEmpty()) {
      internal.clear();
    }
    count = 0;
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
    add(effect);
  }

  /** Reports a state entry this step made: {@link Effect.StateEntered} at its entry instant. */
  void entered(ActiveState entry) {
    add(entry);
  }

  private void add(Object item) {
    if (count == 0) {
      first = item;
    } else if (count == 1) {
      second = item;
    } else {
      if (more == null) {
        more = new Object[8];
      } else if (count - 2 == more.length) {
        more = Arrays.copyOf(more, more.length * 2);
      }
      more[count - 2] = item;
    }
    count++;
  }

  boolean hasEffects() {
    return count > 0;
  }

  /** The effects so far, in order; an immutable list. */
  List<Effect> effects() {
    if (count == 0) {
      return List.of();
    }
    if (count == 1) {
      return new EffectList.One(first);
    }
    if (count == 2) {
      return new EffectList.Two(first, second);
    }
    Object[] items = new Object[count];
    items[0] = first;
    items[1] = second;
    System.arraycopy(more, 0, items, 2, count - 2);
    return new EffectList.Many(items);
  }

  /** The next raised event, null when none is waiting. */
  Event pollInternal() {
    return internal == null ? null : internal.poll();
  }

  @Override
  public Context context() {
    return writing ? writer.current() : base();
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
  public String namespace() {
    return delivery.namespace();
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

  /**
   * The context's writer, started at the first write: a step that writes nothing needs none. A
   * reused scope keeps its writer from step to step.
   */
  private ContextWriter writer() {
    if (!writing) {
      if (writer == null) {
        writer = new ContextWriter(base());
      } else {
        writer.reset(base());
      }
      writing = true;
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
