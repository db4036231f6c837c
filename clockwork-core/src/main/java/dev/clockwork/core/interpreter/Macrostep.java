package dev.clockwork.core.interpreter;

import dev.clockwork.core.behavior.ActionScope;
import dev.clockwork.core.context.Context;
import dev.clockwork.core.context.ContextWriter;
import dev.clockwork.core.context.JsonValues;
import dev.clockwork.core.definition.Branch;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.definition.StateKind;
import dev.clockwork.core.definition.StateNode;
import dev.clockwork.core.definition.TransitionDef;
import dev.clockwork.core.event.Event;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One macrostep: the external event's transitions, then eventless transitions and internal events
 * until the configuration is stable (SCXML {@code mainEventLoop}). Mutable working state, used
 * once. The step is also the {@link ActionScope} its guards and actions see, so it allocates no
 * scope.
 */
final class Macrostep implements ActionScope {
  private static final ArmedTimer[] NO_TIMERS = new ArmedTimer[0];
  private static final Event INIT = Event.of("@init");

  private final Snapshot before;
  private final MachineDefinition definition;
  private final Instant now;
  private final Configuration config;
  private final TimerBook timers;
  private final ContextWriter context;
  private final Selection selection;
  private Microstep microstep;
  private dev.clockwork.core.behavior.Emitter emitter;
  private long lastEntryId;
  private InstanceStatus status;
  private Event event;
  private ArrayDeque<Event> internal;
  private List<Effect> effects;
  private boolean changed;
  private int depth;
  private List<String> tail;

  Macrostep(Snapshot before, Instant now) {
    this.before = before;
    this.definition = before.definition();
    this.now = now;
    this.config = new Configuration(before.activeArray());
    this.timers = new TimerBook(before.timerArray());
    this.context = new ContextWriter(before.context());
    this.selection = new Selection(config, this);
    this.lastEntryId = before.lastEntryId();
    this.status = before.status();
  }

  void emitter(dev.clockwork.core.behavior.Emitter runner) {
    this.emitter = runner;
  }

  void start() {
    event = INIT;
    changed = true;
    selection.clear();
    new Microstep(this).enterInitial(definition.root());
    settle();
  }

  boolean external(Event external) {
    event = external;
    boolean handled;
    String stale = ChildOutcomeFence.staleReason(definition, config, external);
    if (stale != null) {
      effect(new Effect.EventDropped(external, stale));
      return false;
    }
    if (external.isTimerFire()) {
      handled = new TimerFiring(this).fire(external);
    } else {
      handled = selectAndRun();
    }
    settle();
    return handled;
  }

  /** Selects transitions for the current event and runs them; false when none is enabled. */
  boolean selectAndRun() {
    selection.select(event);
    if (selection.isEmpty()) {
      return false;
    }
    microstep();
    return true;
  }

  private void settle() {
    while (status == InstanceStatus.ACTIVE) {
      selection.selectEventless();
      if (!selection.isEmpty()) {
        microstep();
        continue;
      }
      if (internal == null || internal.isEmpty()) {
        return;
      }
      event = internal.poll();
      effect(new Effect.InternalEvent(event));
      selection.select(event);
      if (!selection.isEmpty()) {
        microstep();
      }
    }
  }

  void microstep() {
    changed = true;
    depth++;
    int max = definition.maxTransitionDepth();
    if (depth > max - 8) {
      if (tail == null) {
        tail = new ArrayList<>();
      }
      selection.describeInto(tail);
      if (depth > max) {
        throw new MaxTransitionDepthExceededException(
            definition.id(), String.valueOf(event), max, tail);
      }
    }
    if (microstep == null) {
      microstep = new Microstep(this);
    }
    microstep.run(selection);
    selection.clear();
  }

  StepResult result(boolean handled) {
    if (!changed && effects == null && context.current() == before.context()) {
      return new StepResult(before, List.of(), handled);
    }
    Snapshot after =
        new Snapshot(
            definition,
            config.toArray(),
            context.current(),
            timers.toArray(NO_TIMERS),
            lastEntryId,
            status);
    return new StepResult(after, effects == null ? List.of() : effects, handled);
  }

  // ---- shared with Microstep, Selection and TimerFiring ----

  MachineDefinition definition() {
    return definition;
  }

  Selection selection() {
    return selection;
  }

  Configuration config() {
    return config;
  }

  TimerBook timers() {
    return timers;
  }

  long nextEntryId() {
    return ++lastEntryId;
  }

  void markChanged() {
    changed = true;
  }

  void effect(Effect effect) {
    if (effects == null) {
      effects = new ArrayList<>(4);
    }
    effects.add(effect);
  }

  void setEvent(Event current) {
    event = current;
  }

  void rearm() {
    for (int i = timers.size() - 1; i >= 0; i--) {
      ArmedTimer armed = timers.get(i);
      java.util.Optional<dev.clockwork.core.definition.TimerDef> def =
          definition.timer(armed.key());
      if (def.isEmpty()) {
        effect(new Effect.TimerCancelled(timers.remove(i)));
      } else if (armed.fires() == 0 && !armed.thenPhase() && !def.get().isComputed()) {
        java.util.Optional<Instant> due = def.get().spec().firstDue(armed.enteredAt());
        if (due.isEmpty()) {
          effect(new Effect.TimerCancelled(timers.remove(i)));
        } else if (!due.get().equals(armed.due())) {
          ArmedTimer moved =
              new ArmedTimer(
                  armed.key(),
                  armed.event(),
                  armed.entryId(),
                  armed.enteredAt(),
                  due.get(),
                  0,
                  false,
                  null);
          timers.set(i, moved);
          effect(new Effect.TimerArmed(moved));
        }
      }
    }
    changed = true;
  }

  void cancel() {
    changed = true;
    status = InstanceStatus.CANCELLED;
    for (int i = timers.size() - 1; i >= 0; i--) {
      effect(new Effect.TimerCancelled(timers.remove(i)));
    }
    for (int i = 0; i < config.size(); i++) {
      ActiveState active = config.get(i);
      if (active.state().invokedMachine() != null) {
        effect(new Effect.ChildCancelled(active.path(), active.entryId()));
      }
    }
    effect(new Effect.InstanceCancelled());
  }

  void finish(StateNode finalState) {
    status = InstanceStatus.DONE;
    for (int i = timers.size() - 1; i >= 0; i--) {
      effect(new Effect.TimerCancelled(timers.remove(i)));
    }
    for (int i = 0; i < config.size(); i++) {
      ActiveState active = config.get(i);
      if (active.state().invokedMachine() != null) {
        effect(new Effect.ChildCancelled(active.path(), active.entryId()));
      }
    }
    effect(new Effect.InstanceDone(finalState.path()));
  }

  boolean isActive() {
    return status == InstanceStatus.ACTIVE;
  }

  boolean isInFinalState(StateNode state) {
    return state.kind() != StateKind.ATOMIC && config.isInFinalState(state);
  }

  // ---- ActionScope ----

  @Override
  public Context context() {
    return context.current();
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
  public void set(String key, Object value) {
    context.set(key, value);
  }

  @Override
  public void remove(String key) {
    context.remove(key);
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
  public Object emit(dev.clockwork.core.behavior.Target target, Event emitted) {
    if (emitter == null) {
      throw new dev.clockwork.core.ClockworkException(
          "a synchronous emit to '"
              + target
              + "' needs an engine to run it; the pure interpreter was called without one");
    }
    return emitter.emit(target, emitted);
  }

  @Override
  public void emitAsync(dev.clockwork.core.behavior.Target target, Event emitted) {
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

  static String describe(TransitionDef transition, Branch branch) {
    return transition.path() + " -> " + (branch.isTargetless() ? "(stay)" : branch.targets());
  }
}
