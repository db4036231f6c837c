package dev.clockwork.core.interpreter;

import dev.clockwork.core.context.Context;
import dev.clockwork.core.definition.Branch;
import dev.clockwork.core.definition.ParallelEvents;
import dev.clockwork.core.definition.StateKind;
import dev.clockwork.core.definition.StateNode;
import dev.clockwork.core.definition.TransitionDef;
import dev.clockwork.core.event.Event;
import java.time.Duration;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * One microstep (SCXML {@code microstep}): exit the exit set in reverse document order, run the
 * transitions' actions, enter the entry set in document order. Leaving a state cancels its timers;
 * entering one reports it and arms them. A self-loop re-enters its source but keeps its entry (the
 * timer anchor).
 */
final class Microstep {
  private final Macrostep step;
  private final Configuration config;
  private final StateList entrySet = new StateList();
  private List<ActiveState> kept;
  private Map<StateNode, ActiveState> dispatched;
  private List<StateNode> defaultHistories;

  Microstep(Macrostep step) {
    this.step = step;
    this.config = step.config();
  }

  /** Runs one microstep; the instance is reused for every microstep of a macrostep. */
  void run(Selection selection) {
    clear();
    exitStates(selection);
    for (int i = 0; i < selection.size(); i++) {
      Branch branch = selection.branch(i);
      for (int a = 0; a < branch.actionCount(); a++) {
        try {
          branch.action(a).run(step);
        } catch (RuntimeException e) {
          throw step.failedAt(ActionSite.transition(selection.transition(i), branch, a), e);
        }
      }
    }
    for (int i = 0; i < selection.size(); i++) {
      Branch branch = selection.branch(i);
      if (branch.isSelfLoop()) {
        addDescendants(selection.transition(i).source());
      } else if (!branch.isTargetless()) {
        for (int t = 0; t < branch.targetCount(); t++) {
          addDescendants(branch.target(t));
        }
        for (int t = 0; t < branch.targetCount(); t++) {
          addAncestors(branch.target(t), branch.domain());
        }
      }
    }
    enterStates();
  }

  /** Enters the machine's initial configuration. */
  void enterInitial(StateNode root) {
    clear();
    addDescendants(root);
    enterStates();
  }

  /** Forgets the last microstep's sets. */
  private void clear() {
    entrySet.clear();
    if (kept != null) {
      kept.clear();
    }
    if (dispatched != null) {
      dispatched.clear();
    }
    if (defaultHistories != null) {
      defaultHistories.clear();
    }
  }

  /**
   * SCXML exitStates: the exit set (the active states some selected branch exits, see {@link
   * Selection#exits}) in reverse document order, read off the configuration as it goes.
   */
  private void exitStates(Selection selection) {
    recordHistories(selection);
    for (int i = config.size() - 1; i >= 0; i--) {
      ActiveState entry = config.get(i);
      StateNode state = entry.state();
      if (!selection.exits(state)) {
        continue;
      }
      step.runIfDeferred(entry);
      for (int a = 0; a < state.exitActionCount(); a++) {
        try {
          state.exitAction(a).run(step);
        } catch (RuntimeException e) {
          throw step.failedAt(ActionSite.exit(state, a), e);
        }
      }
      if (isSelfLoopSource(state, selection)) {
        if (kept == null) {
          kept = new ArrayList<>(1);
        }
        kept.add(entry);
      } else {
        step.cancelTimers(entry.entryId());
        if (state.invokedMachine() != null) {
          step.effect(new Effect.ChildCancelled(state.path(), entry.entryId()));
        }
      }
      config.remove(i);
    }
  }

  /**
   * SCXML exitStates, first part: before any state is left, each history state of a state about to
   * be left records the configuration as it is.
   */
  private void recordHistories(Selection selection) {
    for (int i = 0; i < config.size(); i++) {
      StateNode state = config.get(i).state();
      if (state.historyCount() > 0 && selection.exits(state)) {
        for (int h = 0; h < state.historyCount(); h++) {
          StateNode history = state.historyAt(h);
          step.record(history, RecordedHistory.record(history, config));
        }
      }
    }
  }

  private static boolean isSelfLoopSource(StateNode state, Selection selection) {
    for (int i = 0; i < selection.size(); i++) {
      if (selection.branch(i).isSelfLoop() && selection.transition(i).source() == state) {
        return true;
      }
    }
    return false;
  }

  private void addDescendants(StateNode state) {
    if (state.kind() == StateKind.HISTORY) {
      addHistory(state);
      return;
    }
    entrySet.add(state);
    if (state.kind() == StateKind.COMPOUND) {
      addDescendants(state.initial());
    } else if (state.kind() == StateKind.PARALLEL) {
      addRegions(state);
    }
  }

  /**
   * SCXML addDescendantStatesToEnter for a history state: the states it recorded, else the targets
   * of its default transition (whose actions run once its parent is entered), else its parent's own
   * default entry (its initial child, or every region).
   */
  private void addHistory(StateNode history) {
    StateNode parent = history.parent();
    StateNode[] recorded = step.recorded(history);
    if (recorded != null) {
      // all descendants first, then the ancestors: a parallel ancestor enters by its initial only
      // the regions that hold no recorded state
      for (StateNode state : recorded) {
        addDescendants(state);
      }
      for (StateNode state : recorded) {
        addAncestors(state, parent);
      }
      return;
    }
    TransitionDef fallback = history.historyDefault();
    if (fallback == null) {
      // the parent's own default entry, without entering the parent itself: it may stay active
      if (parent.kind() == StateKind.PARALLEL) {
        addRegions(parent);
      } else {
        addDescendants(parent.initial());
      }
      return;
    }
    Branch branch = fallback.branch(0);
    for (int t = 0; t < branch.targetCount(); t++) {
      addDescendants(branch.target(t));
    }
    for (int t = 0; t < branch.targetCount(); t++) {
      addAncestors(branch.target(t), parent);
    }
    if (branch.actionCount() > 0) {
      if (defaultHistories == null) {
        defaultHistories = new ArrayList<>(1);
      }
      defaultHistories.add(history);
    }
  }

  private void addAncestors(StateNode state, StateNode domain) {
    for (StateNode ancestor = state.parent();
        ancestor != null && ancestor != domain;
        ancestor = ancestor.parent()) {
      entrySet.add(ancestor);
      if (ancestor.kind() == StateKind.PARALLEL) {
        addRegions(ancestor);
      }
    }
  }

  private void addRegions(StateNode parallel) {
    for (int c = 0; c < parallel.childCount(); c++) {
      StateNode region = parallel.child(c);
      if (!entrySet.containsWithin(region)) {
        addDescendants(region);
      }
    }
  }

  private void enterStates() {
    runDefaultHistories(null);
    for (int i = 0; i < entrySet.size(); i++) {
      StateNode state = entrySet.get(i);
      ActiveState entry = keptEntry(state);
      boolean reentered = entry != null;
      if (!reentered) {
        entry = new ActiveState(state, step.nextEntryId(), step.now());
      }
      config.add(entry);
      if (reentered) {
        step.effect(new Effect.StateEntered(state.path(), entry.entryId(), step.now()));
      } else {
        step.entered(entry); // a new entry: entered at step.now(), read as its StateEntered
      }
      ActiveState parallel = dispatched == null ? null : dispatched.remove(state);
      if (parallel != null) {
        step.defer(entry);
        step.effect(
            new Effect.RegionDispatched(
                parallel.path(),
                parallel.entryId(),
                state.parent().path(),
                state.path(),
                entry.entryId(),
                step.event()));
      } else {
        for (int a = 0; a < state.entryActionCount(); a++) {
          try {
            state.entryAction(a).run(step);
          } catch (RuntimeException e) {
            throw step.failedAt(ActionSite.entry(state, a), e);
          }
        }
      }
      runDefaultHistories(state);
      if (state.kind() == StateKind.PARALLEL && step.dispatch().enabled()) {
        planDispatch(state, entry);
      }
      if (!reentered) {
        armTimers(state, entry);
        startChild(state, entry);
      }
      if (state.kind() == StateKind.FINAL) {
        completed(state);
        if (!step.isActive()) {
          return;
        }
      }
    }
  }

  /**
   * Runs the actions of the default transitions of history states whose parent is {@code parent}
   * (SCXML: after the parent's entry actions, before its children's); with null, those whose parent
   * this microstep does not enter (it stays active), before anything is entered.
   */
  private void runDefaultHistories(StateNode parent) {
    if (defaultHistories == null || defaultHistories.isEmpty()) {
      return;
    }
    for (StateNode history : defaultHistories) {
      boolean due =
          parent == null ? !entrySet.contains(history.parent()) : history.parent() == parent;
      if (due) {
        Branch branch = history.historyDefault().branch(0);
        for (int a = 0; a < branch.actionCount(); a++) {
          try {
            branch.action(a).run(step);
          } catch (RuntimeException e) {
            throw step.failedAt(ActionSite.transition(history.historyDefault(), branch, a), e);
          }
        }
      }
    }
  }

  /**
   * Parallel dispatch: when two or more regions of the parallel state just entered start at an
   * atomic initial state with entry actions (and this microstep enters it), those entry actions are
   * dispatched instead of run, and the region timeout, if any, is armed on the parallel state.
   */
  private void planDispatch(StateNode parallel, ActiveState entry) {
    List<StateNode> eligible = new ArrayList<>(parallel.childCount());
    for (StateNode initial : Dispatchable.initials(parallel)) {
      if (entrySet.contains(initial)) {
        eligible.add(initial);
      }
    }
    if (eligible.size() < 2) {
      return;
    }
    if (dispatched == null) {
      dispatched = new IdentityHashMap<>();
    }
    for (StateNode initial : eligible) {
      dispatched.put(initial, entry);
    }
    Duration timeout = step.dispatch().regionTimeout();
    String key = ParallelEvents.timeoutKey(parallel.path());
    if (!timeout.isZero() && step.timers().indexOf(key, entry.entryId()) < 0) {
      ArmedTimer timer =
          new ArmedTimer(
              key,
              ParallelEvents.REGION_TIMEOUT,
              entry.entryId(),
              entry.enteredAt(),
              step.now().plus(timeout),
              0,
              false,
              timeout.toString());
      step.timers().add(timer);
      step.effect(new Effect.TimerArmed(timer));
    }
  }

  private ActiveState keptEntry(StateNode state) {
    if (kept != null) {
      for (ActiveState entry : kept) {
        if (entry.state() == state) {
          return entry;
        }
      }
    }
    return null;
  }

  private void armTimers(StateNode state, ActiveState entry) {
    for (int t = 0; t < state.timedCount(); t++) {
      TimerBook.arm(state.timedAt(t), entry.entryId(), entry.enteredAt(), step.context())
          .ifPresent(
              timer -> {
                step.timers().add(timer);
                step.effect(new Effect.TimerArmed(timer));
              });
    }
  }

  private void startChild(StateNode state, ActiveState entry) {
    if (state.invokedMachine() == null) {
      return;
    }
    Map<String, ?> input = state.childInput().from(step.context());
    Context checked = Context.of(input == null ? Map.of() : input);
    step.effect(
        new Effect.ChildStarted(
            state.path(), entry.entryId(), state.invokedMachine(), checked.asMap()));
  }

  /**
   * A final state was entered (SCXML enterStates, extended to any depth): its parent is done (a
   * parallel parent only once all its regions are), then every ancestor parallel state all of whose
   * regions are now in a final state, innermost first. The walk stops at the first ancestor that is
   * not done: a compound state is done only when its own final child is entered.
   */
  private void completed(StateNode finalState) {
    StateNode parent = finalState.parent();
    if (parent.parent() == null) {
      InstanceEnd.finish(step, finalState);
      return;
    }
    if (parent.kind() == StateKind.PARALLEL && !config.isInFinalState(parent)) {
      return;
    }
    step.raise(Event.of(doneEvent(parent)));
    for (StateNode ancestor = parent.parent();
        ancestor.kind() == StateKind.PARALLEL && config.isInFinalState(ancestor);
        ancestor = ancestor.parent()) {
      step.raise(Event.of(doneEvent(ancestor)));
    }
  }

  private static String doneEvent(StateNode state) {
    return "done.state." + state.path();
  }
}
