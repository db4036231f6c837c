package dev.clockwork.core.interpreter;

import dev.clockwork.core.behavior.Target;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.event.TimerFire;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Something a macrostep asks the runtime to make durable or visible. The interpreter only returns
 * effects; the runtime performs them in the same transaction as the new snapshot.
 */
public sealed interface Effect {
  /**
   * A state was entered, in the order states are entered (document order: a parent before its
   * children, a parallel state's regions one after the other). Reported for the initial states, for
   * states entered by any transition of the macrostep (external, internal or eventless), and for
   * the source of a self-transition, which is exited and entered again but keeps its entry.
   *
   * @param path the state's dotted path, as {@link ActiveState#path()} gives it (empty for the
   *     root)
   * @param entryId the entry id of the active state the entry made
   * @param at the instant the macrostep ran at
   */
  record StateEntered(String path, long entryId, Instant at) implements Effect {}

  /** A timer was armed (or re-armed for its next fire). */
  record TimerArmed(ArmedTimer timer) implements Effect {}

  /** A timer was cancelled because its state was left. */
  record TimerCancelled(ArmedTimer timer) implements Effect {}

  /** A timer fired; {@code timer.fires()} counts this fire. Guards do not change that it counts. */
  record TimerFired(ArmedTimer timer, Instant at) implements Effect {}

  /**
   * Fires of an overdue repeating timer that its overdue policy did not run: due at {@code missed}
   * (the first {@link OverdueCatchUp#LISTED} of them), {@code count} in all, found at {@code at}.
   */
  record TimerSkipped(ArmedTimer timer, List<Instant> missed, int count, Instant at)
      implements Effect {}

  /**
   * An operator changed an armed timer: {@code before} as it was, {@code after} as it is now (null
   * when it was cancelled).
   */
  record TimerOperated(TimerOperation operation, ArmedTimer before, ArmedTimer after, Instant at)
      implements Effect {}

  /** A timer fire was not applied: its state entry is gone, or it came early or twice. */
  record TimerDropped(TimerFire fire, String event, String reason) implements Effect {}

  /** An internal event (raised by an action, or a done event) was processed in the macrostep. */
  record InternalEvent(Event event) implements Effect {}

  /** An action replied to a synchronous caller. */
  record Replied(Object value) implements Effect {}

  /** A top-level final state was reached. */
  record InstanceDone(String finalState) implements Effect {}

  /** The instance was cancelled (its parent left the state that ran it). */
  record InstanceCancelled() implements Effect {}

  /** A state that runs a child machine was entered: the runtime starts the child. */
  record ChildStarted(String statePath, long entryId, String machine, Map<String, Object> input)
      implements Effect {}

  /** A state that runs a child machine was left: the runtime cancels the child. */
  record ChildCancelled(String statePath, long entryId) implements Effect {}

  /** An action queued an event for another instance (async emit). */
  record Emitted(Target target, Event event) implements Effect {}

  /** An action queued an event for every instance of a machine in a state. */
  record Broadcast(String machine, String state, Event event) implements Effect {}

  /** An event was not applied because it was meant for a state entry that is gone. */
  record EventDropped(Event event, String reason) implements Effect {}

  /**
   * A region's initial state was entered without running its entry actions (parallel dispatch): the
   * runtime runs them as a job once the step is committed.
   *
   * @param parallelState the path of the parallel state entered
   * @param parallelEntry its entry id
   * @param region the path of the region
   * @param initialState the path of the region's initial state, whose entry actions the job runs
   * @param initialEntry that state's entry id
   * @param trigger the event being processed when the state was entered ({@code @init} for a
   *     creation): the event the entry actions see when the job runs them
   */
  record RegionDispatched(
      String parallelState,
      long parallelEntry,
      String region,
      String initialState,
      long initialEntry,
      Event trigger)
      implements Effect {}
}
