package dev.clockwork.core.interpreter;

import dev.clockwork.core.behavior.Emitter;
import dev.clockwork.core.context.Context;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.definition.ParallelEvents;
import dev.clockwork.core.definition.StateNode;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.event.TimerFire;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The statechart interpreter: a pure function from (snapshot, event, now) to (snapshot', effects),
 * following SCXML run-to-completion semantics. It performs no I/O and reads no clock; the caller
 * hands in {@code now} and makes the effects durable.
 *
 * <pre>{@code
 * StepResult started = Interpreter.start(order, Map.of(), now);
 * StepResult paid = Interpreter.transition(started.snapshot(), Event.of("PAY"), now);
 * }</pre>
 */
public final class Interpreter {
  private Interpreter() {}

  /** Creates an instance: the initial states are entered and their timers armed at {@code now}. */
  public static StepResult start(MachineDefinition definition, Map<String, ?> input, Instant now) {
    return start(definition, input, now, Delivery.NONE);
  }

  /**
   * {@link #start(MachineDefinition, Map, Instant)} whose entry actions see {@code delivery} (the
   * new instance's id; event id 0, see {@link Delivery#creation}).
   */
  public static StepResult start(
      MachineDefinition definition, Map<String, ?> input, Instant now, Delivery delivery) {
    return start(definition, input, now, delivery, DispatchPolicy.OFF);
  }

  /**
   * {@link #start(MachineDefinition, Map, Instant, Delivery)} under a parallel {@code dispatch}
   * policy: regions it dispatches are reported as {@link Effect.RegionDispatched} instead of run.
   *
   * @throws ActionFailedException when an action throws an exception of its own (naming the action
   *     and where it sits; the exception is its cause)
   */
  public static StepResult start(
      MachineDefinition definition,
      Map<String, ?> input,
      Instant now,
      Delivery delivery,
      DispatchPolicy dispatch) {
    Context context = definition.initialContext();
    if (input != null && !input.isEmpty()) {
      Map<String, Object> merged = new LinkedHashMap<>(context.asMap());
      merged.putAll(input);
      context = Context.of(merged);
    }
    Snapshot empty =
        new Snapshot(
            definition,
            new ActiveState[0],
            0,
            context,
            new ArmedTimer[0],
            0,
            InstanceStatus.ACTIVE);
    Macrostep step = StepPool.open(empty, now, delivery);
    try {
      step.dispatch(dispatch);
      step.start();
      return step.result(true);
    } catch (RuntimeException e) {
      throw step.actionFailure(e);
    } finally {
      StepPool.close(step);
    }
  }

  /**
   * Processes one external event as one macrostep. Throws whatever an action throws (the caller
   * keeps the old snapshot) and {@link MaxTransitionDepthExceededException} for loops.
   */
  public static StepResult transition(Snapshot snapshot, Event event, Instant now) {
    return transition(snapshot, event, now, null, Delivery.NONE);
  }

  /**
   * {@link #transition(Snapshot, Event, Instant)} with an {@link Emitter} that runs the synchronous
   * emits of actions (null: a synchronous emit fails).
   */
  public static StepResult transition(
      Snapshot snapshot, Event event, Instant now, Emitter emitter) {
    return transition(snapshot, event, now, emitter, Delivery.NONE);
  }

  /**
   * {@link #transition(Snapshot, Event, Instant, Emitter)} whose guards and actions see which
   * {@code delivery} of the event this is (instance, queue event id, attempt).
   */
  public static StepResult transition(
      Snapshot snapshot, Event event, Instant now, Emitter emitter, Delivery delivery) {
    return transition(snapshot, event, now, emitter, delivery, DispatchPolicy.OFF);
  }

  /**
   * {@link #transition(Snapshot, Event, Instant, Emitter, Delivery)} under a parallel {@code
   * dispatch} policy: regions it dispatches are reported as {@link Effect.RegionDispatched}
   * instead of run. It also applies what dispatch sends back: a region job's result ({@code
   * @parallel.region}, see {@link RegionWork#toEvent}) and a job that gave up ({@code
   * @parallel.fail}), recording the {@code PARALLEL_…} internal events.
   */
  public static StepResult transition(
      Snapshot snapshot,
      Event event,
      Instant now,
      Emitter emitter,
      Delivery delivery,
      DispatchPolicy dispatch) {
    if (snapshot.isFinished() && !ParallelEvents.isResult(event.type())) {
      return new StepResult(snapshot, List.of(), false);
    }
    Macrostep step = StepPool.open(snapshot, now, delivery);
    try {
      step.dispatch(dispatch);
      step.emitter(emitter);
      boolean handled = step.external(event);
      return step.result(handled);
    } finally {
      StepPool.close(step);
    }
  }

  /**
   * Runs the entry actions of a dispatched region's initial state on a copy of the snapshot's
   * context, without changing the snapshot, and returns what they did. The actions see {@code
   * trigger} as their event: the event whose step entered the state (see {@link
   * Effect.RegionDispatched#trigger}). Whether the region is still at that state is the caller's
   * check (see {@link #regionPending}). Throws whatever an action throws.
   */
  public static RegionWork runRegion(
      Snapshot snapshot, String initialState, Event trigger, Instant now, Delivery delivery) {
    StateNode initial = snapshot.definition().state(initialState);
    return new RegionScope(snapshot.context(), now, delivery)
        .run(initial.parent(), initial, trigger);
  }

  /**
   * True while the parallel state entry {@code parallelEntry} is active and its region is still at
   * the initial state entry {@code initialEntry}: a dispatched job's work is still wanted.
   */
  public static boolean regionPending(
      Snapshot snapshot,
      String parallelState,
      long parallelEntry,
      String initialState,
      long initialEntry) {
    if (snapshot.isFinished()) {
      return false;
    }
    return isEntry(snapshot, parallelState, parallelEntry)
        && isEntry(snapshot, initialState, initialEntry);
  }

  private static boolean isEntry(Snapshot snapshot, String path, long entryId) {
    return snapshot
        .definition()
        .find(path)
        .flatMap(snapshot::entryOf)
        .filter(active -> active.entryId() == entryId)
        .isPresent();
  }

  /**
   * Moves a timer on after its fire failed for good (it went to the dead letters), as if the fire
   * had been applied but without running any guard, action or transition. The fire is fenced like
   * any fire (a stale, early or repeated one is dropped: handled false, a {@link
   * Effect.TimerDropped}) and counted; a recurring timer is re-armed for its next due or switched
   * to its {@code then} phase, exactly as a fire would. A timer the fire would have removed stays,
   * {@linkplain ArmedTimer#asFailed() marked failed}, so an operator's retry of the dead letter
   * (the same fire, sent again) still runs the transition. A timer already marked failed stays as
   * it is.
   */
  public static StepResult skipFire(Snapshot snapshot, TimerFire fire, Instant now) {
    if (snapshot.isFinished()) {
      return new StepResult(snapshot, List.of(), false);
    }
    Macrostep step = StepPool.open(snapshot, now, Delivery.NONE);
    try {
      boolean handled = step.skipFire(fire);
      return step.result(handled);
    } finally {
      StepPool.close(step);
    }
  }

  /**
   * Applies an operator's change to one armed timer ({@link TimerOperation}) as one macrostep: a
   * fire now runs the timer's transition, with {@code emitter} and {@code delivery} as a fire's
   * would.
   *
   * @throws IllegalArgumentException when the snapshot has no such armed timer (it fired, or its
   *     state was left), or two that send the event named
   */
  public static StepResult operate(
      Snapshot snapshot,
      TimerOperation operation,
      Instant now,
      Emitter emitter,
      Delivery delivery,
      DispatchPolicy dispatch) {
    if (snapshot.isFinished()) {
      throw new IllegalArgumentException(
          "the instance is finished: it has no armed timer '" + operation.timer() + "'");
    }
    Macrostep step = StepPool.open(snapshot, now, delivery);
    try {
      step.dispatch(dispatch);
      step.emitter(emitter);
      return step.result(step.operate(operation));
    } finally {
      StepPool.close(step);
    }
  }

  /**
   * Moves a running instance's snapshot onto {@code target}, another version of its machine,
   * through {@code mapping}: its active states become their mapped states with their entries kept
   * (new enclosing states and default children are entered now, no entry actions run), its timers
   * follow their states and are re-armed by the target's definitions, its context is kept.
   *
   * @throws UnmappedStatesException when an active state has no state in {@code target} under its
   *     mapped path, or the mapped states cannot be active together
   */
  public static StepResult migrate(
      Snapshot snapshot, MachineDefinition target, StateMapping mapping, Instant now) {
    return rearm(Migration.migrate(snapshot, target, mapping, now), now);
  }

  /**
   * Re-arms the timers of a snapshot restored under a newer definition: a timer that has not fired
   * yet in its state entry gets the due time the new definition gives it (anchored on the same
   * entry), a timer the new definition no longer has is cancelled. Timers that already fired keep
   * their schedule, and so do timers marked failed; timers new in the definition apply from the
   * next entry of their state.
   */
  public static StepResult rearm(Snapshot snapshot, Instant now) {
    Macrostep step = StepPool.open(snapshot, now, Delivery.NONE);
    try {
      step.rearm();
      return step.result(true);
    } finally {
      StepPool.close(step);
    }
  }

  /**
   * Cancels an instance from outside: its timers are cancelled (failed ones too), the children of
   * its active states are cancelled too, and it takes no further events. No exit actions run.
   */
  public static StepResult cancel(Snapshot snapshot, Instant now) {
    if (snapshot.isFinished()) {
      return new StepResult(snapshot, List.of(), false);
    }
    Macrostep step = StepPool.open(snapshot, now, Delivery.NONE);
    try {
      InstanceEnd.cancel(step);
      return step.result(true);
    } finally {
      StepPool.close(step);
    }
  }
}
