package dev.clockwork.core.interpreter;

import dev.clockwork.core.ClockworkException;
import dev.clockwork.core.behavior.NonRetryable;
import dev.clockwork.core.context.Context;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.definition.ParallelEvents;
import dev.clockwork.core.definition.StateKind;
import dev.clockwork.core.definition.StateNode;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.event.TimerFire;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One macrostep: the external event's transitions, then eventless transitions and internal events
 * until the configuration is stable (SCXML {@code mainEventLoop}). Mutable working state; a thread
 * reuses one from step to step ({@link StepPool}), so a step allocates no working state, and {@link
 * #end} leaves it holding nothing of the instance. The step is also the {@link StepScope} its
 * guards and actions see, so it allocates no scope.
 */
final class Macrostep extends StepScope {
  private static final ArmedTimer[] NO_TIMERS = new ArmedTimer[0];
  private static final Event INIT = Event.of("@init");

  private final Configuration config = new Configuration();
  private final Selection selection = new Selection(config, this);
  private Snapshot before;
  private TimerBook timers;
  private Microstep microstep;
  private long lastEntryId;
  private InstanceStatus status;
  private boolean changed;
  private boolean open;
  private int depth;
  private List<String> tail;
  private DispatchPolicy dispatch = DispatchPolicy.OFF;
  private RegionResults regions;
  private DeferredEntries deferred;
  private Map<StateNode, StateNode[]> history;
  private ActionSite failedAt;

  Macrostep() {
    super(null, null);
  }

  /** Starts a step from {@code snapshot}: every field is set, nothing of a previous step seen. */
  void begin(Snapshot snapshot, Instant now, Delivery delivery) {
    begin(now, delivery);
    before = snapshot;
    config.reset(snapshot);
    selection.clear();
    timers = null;
    lastEntryId = snapshot.lastEntryId();
    status = snapshot.status();
    changed = false;
    depth = 0;
    tail = null;
    dispatch = DispatchPolicy.OFF;
    regions = null;
    deferred = null;
    history = null;
    failedAt = null;
    open = true;
  }

  /** Ends the step (its references stay weakly held, see {@link StepPool}). */
  void end() {
    open = false;
  }

  /** True between {@link #begin} and {@link #end}. */
  boolean isOpen() {
    return open;
  }

  void start() {
    setEvent(INIT);
    changed = true;
    selection.clear();
    runner().enterInitial(definition().root());
    settle();
  }

  boolean external(Event external) {
    setEvent(external);
    if (ParallelEvents.REGION_DONE.equals(external.type()) && !external.isTimerFire()) {
      regions().applyResult(external);
      settle();
      regions.afterSettle();
      return true;
    }
    if (ParallelEvents.REGION_FAILED.equals(external.type()) && !external.isTimerFire()) {
      regions().applyFailure(external);
      settle();
      return true;
    }
    boolean handled;
    String stale = ChildOutcomeFence.staleReason(definition(), config, external);
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

  /** Applies an operator's change to an armed timer; a fire now runs and settles as a fire does. */
  boolean operate(TimerOperation operation) {
    boolean handled = new TimerOperating(this).apply(operation);
    settle();
    return handled;
  }

  /** Skips a timer fire that failed for good: the timer moves on, nothing runs. */
  boolean skipFire(TimerFire fire) {
    return new TimerFiring(this).skip(fire);
  }

  /** Selects transitions for the current event and runs them; false when none is enabled. */
  boolean selectAndRun() {
    selection.select(event());
    if (selection.isEmpty()) {
      return false;
    }
    microstep();
    return true;
  }

  private void settle() {
    boolean eventless = definition().hasEventlessTransitions();
    while (status == InstanceStatus.ACTIVE) {
      if (eventless) {
        selection.selectEventless();
        if (!selection.isEmpty()) {
          microstep();
          continue;
        }
      }
      Event raised = pollInternal();
      if (raised == null) {
        return;
      }
      setEvent(raised);
      selection.select(raised);
      if (dispatch.enabled()) {
        regions().recordDone(raised);
      }
      effect(new Effect.InternalEvent(raised));
      if (!selection.isEmpty()) {
        microstep();
      }
    }
  }

  void microstep() {
    changed = true;
    depth++;
    int max = definition().maxTransitionDepth();
    if (depth > max - 8) {
      if (tail == null) {
        tail = new ArrayList<>();
      }
      selection.describeInto(tail);
      if (depth > max) {
        throw new MaxTransitionDepthExceededException(
            definition().id(), String.valueOf(event()), max, tail);
      }
    }
    runner().run(selection);
    selection.clear();
  }

  /**
   * Notes that the action at {@code site} threw {@code e} (the first such action of the step: an
   * action does not run another) and returns {@code e} to be thrown on as it is.
   */
  RuntimeException failedAt(ActionSite site, RuntimeException e) {
    if (failedAt == null) {
      failedAt = site;
    }
    return e;
  }

  /**
   * What {@code e}, thrown by this step, is to its caller: an {@link ActionFailedException} naming
   * the action when an action threw something of its own; else {@code e} itself (Clockwork's own
   * failures, a business rule's, a guard's).
   */
  RuntimeException actionFailure(RuntimeException e) {
    if (failedAt == null || e instanceof ClockworkException || e instanceof NonRetryable) {
      return e;
    }
    return new ActionFailedException(failedAt, e);
  }

  /** The microstep runner, made at the first microstep and kept with this reused step. */
  private Microstep runner() {
    if (microstep == null) {
      microstep = new Microstep(this);
    }
    return microstep;
  }

  StepResult result(boolean handled) {
    return new StepResult(after(), effects(), handled);
  }

  /** The snapshot after the step: the one before when nothing changed. */
  private Snapshot after() {
    if (!changed && !hasEffects() && context() == before.context()) {
      return before;
    }
    return new Snapshot(
        before.definition(),
        config.array(),
        config.size(),
        context(),
        timers == null ? before.timerArray() : timers.toArray(NO_TIMERS),
        lastEntryId,
        status,
        history == null ? before.historyMap() : Map.copyOf(history));
  }

  @Override
  Context base() {
    return before.context();
  }

  // ---- shared with Microstep, Selection, TimerFiring and RegionResults ----

  void dispatch(DispatchPolicy policy) {
    this.dispatch = policy;
  }

  DispatchPolicy dispatch() {
    return dispatch;
  }

  RegionResults regions() {
    if (regions == null) {
      regions = new RegionResults(this);
    }
    return regions;
  }

  /** An entry whose entry actions were dispatched instead of run in this step. */
  void defer(ActiveState entry) {
    if (deferred == null) {
      deferred = new DeferredEntries();
    }
    deferred.add(entry);
  }

  /**
   * Runs the entry actions of {@code entry} when they were dispatched in this very step: its region
   * leaves the state before any job could run them (an eventless transition, a raised event), so
   * they run here, before the state's exit actions, as they would without dispatch.
   */
  void runIfDeferred(ActiveState entry) {
    if (deferred != null) {
      deferred.runIfDeferred(entry, this);
    }
  }

  void runAllDeferred() {
    if (deferred != null) {
      deferred.runAll(this);
    }
  }

  MachineDefinition definition() {
    return before.definition();
  }

  Selection selection() {
    return selection;
  }

  Configuration config() {
    return config;
  }

  /** The instance's timers, read from the snapshot until the first look. */
  TimerBook timers() {
    if (timers == null) {
      timers = new TimerBook(before.timerArray());
    }
    return timers;
  }

  /** Cancels the timers a state entry armed (the state is left), each reported. */
  void cancelTimers(long entryId) {
    if (timers == null && before.timerArray().length == 0) {
      return;
    }
    List<ArmedTimer> cancelled = timers().cancel(entryId);
    for (int i = 0; i < cancelled.size(); i++) {
      effect(new Effect.TimerCancelled(cancelled.get(i)));
    }
  }

  long nextEntryId() {
    return ++lastEntryId;
  }

  void markChanged() {
    changed = true;
  }

  void rearm() {
    TimerRearm.rearm(this);
    changed = true;
  }

  /** The instance ends in this step (done or cancelled); see {@link InstanceEnd}. */
  void ended(InstanceStatus ended) {
    changed = true;
    status = ended;
  }

  boolean isActive() {
    return status == InstanceStatus.ACTIVE;
  }

  /** What {@code historyState} recorded, or null when its parent was never left. */
  StateNode[] recorded(StateNode historyState) {
    return (history == null ? before.historyMap() : history).get(historyState);
  }

  /** Records what {@code historyState} restores (its parent is being left). */
  void record(StateNode historyState, StateNode[] states) {
    if (history == null) {
      history = new HashMap<>(before.historyMap());
    }
    history.put(historyState, states);
  }

  @Override
  public boolean in(String statePath) {
    StateNode state = definition().find(statePath).orElse(null);
    return state != null && config.isActive(state);
  }

  boolean isInFinalState(StateNode state) {
    return state.kind() != StateKind.ATOMIC && config.isInFinalState(state);
  }
}
