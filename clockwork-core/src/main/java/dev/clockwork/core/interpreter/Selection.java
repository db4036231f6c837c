package dev.clockwork.core.interpreter;

import dev.clockwork.core.behavior.GuardScope;
import dev.clockwork.core.definition.Branch;
import dev.clockwork.core.definition.ChildEvents;
import dev.clockwork.core.definition.StateNode;
import dev.clockwork.core.definition.TransitionDef;
import dev.clockwork.core.event.Event;
import java.util.ArrayList;
import java.util.List;

/**
 * The enabled transitions of one microstep (SCXML {@code selectTransitions}, {@code
 * selectEventlessTransitions} and {@code removeConflictingTransitions}): for each active atomic
 * state in document order, the first transition of it or its nearest ancestor with a branch whose
 * guards all pass.
 */
final class Selection {
  private final Configuration config;
  private final GuardScope scope;
  private TransitionDef[] transitions;
  private Branch[] branches;
  private int size;

  Selection(Configuration config, GuardScope scope) {
    this.config = config;
    this.scope = scope;
  }

  boolean isEmpty() {
    return size == 0;
  }

  int size() {
    return size;
  }

  TransitionDef transition(int i) {
    return transitions[i];
  }

  Branch branch(int i) {
    return branches[i];
  }

  void clear() {
    for (int i = 0; i < size; i++) {
      transitions[i] = null;
      branches[i] = null;
    }
    size = 0;
  }

  private boolean contains(Branch branch) {
    for (int i = 0; i < size; i++) {
      if (branches[i] == branch) {
        return true;
      }
    }
    return false;
  }

  private void append(TransitionDef transition, Branch branch) {
    if (transitions == null) {
      transitions = new TransitionDef[2];
      branches = new Branch[2];
    } else if (size == transitions.length) {
      transitions = java.util.Arrays.copyOf(transitions, size * 2);
      branches = java.util.Arrays.copyOf(branches, size * 2);
    }
    transitions[size] = transition;
    branches[size] = branch;
    size++;
  }

  void select(Event event) {
    clear();
    String type = event.type();
    String fallback = type.startsWith(ChildEvents.DONE + ".") ? ChildEvents.DONE : null;
    for (int i = 0; i < config.size(); i++) {
      StateNode atomic = config.get(i).state();
      if (!atomic.isAtomic()) {
        continue;
      }
      for (StateNode state = atomic; state != null; state = state.parent()) {
        TransitionDef transition = state.transition(type);
        if (transition == null && fallback != null) {
          transition = state.transition(fallback);
        }
        if (transition != null && add(transition)) {
          break;
        }
      }
    }
    removeConflicts();
  }

  void selectEventless() {
    clear();
    for (int i = 0; i < config.size(); i++) {
      StateNode atomic = config.get(i).state();
      if (!atomic.isAtomic()) {
        continue;
      }
      search:
      for (StateNode state = atomic; state != null; state = state.parent()) {
        for (int t = 0; t < state.alwaysCount(); t++) {
          if (add(state.alwaysAt(t))) {
            break search;
          }
        }
      }
    }
    removeConflicts();
  }

  /** Selects the one transition a timer fire targets; false when no branch's guards pass. */
  boolean selectOnly(TransitionDef transition) {
    clear();
    return add(transition);
  }

  /** Adds the transition's first enabled branch; false when no branch's guards pass. */
  private boolean add(TransitionDef transition) {
    Branch branch = firstEnabled(transition);
    if (branch == null) {
      return false;
    }
    if (!contains(branch)) {
      append(transition, branch);
    }
    return true;
  }

  private Branch firstEnabled(TransitionDef transition) {
    for (int b = 0; b < transition.branchCount(); b++) {
      Branch branch = transition.branch(b);
      boolean pass = true;
      for (int g = 0; g < branch.guardCount() && pass; g++) {
        pass = branch.guard(g).test(scope);
      }
      if (pass) {
        return branch;
      }
    }
    return null;
  }

  /** SCXML conflict resolution: of two transitions exiting a common state, the earlier wins. */
  private void removeConflicts() {
    if (size < 2) {
      return;
    }
    List<TransitionDef> keptTransitions = new ArrayList<>();
    List<Branch> keptBranches = new ArrayList<>();
    List<StateList> keptExits = new ArrayList<>();
    for (int i = 0; i < size; i++) {
      TransitionDef t1 = transitions[i];
      StateList exit1 = Microstep.exitSetOf(config, t1, branches[i], new StateList(4));
      boolean preempted = false;
      List<Integer> toRemove = new ArrayList<>();
      for (int j = 0; j < keptTransitions.size() && !preempted; j++) {
        if (exit1.intersects(keptExits.get(j))) {
          if (t1.source().isDescendantOf(keptTransitions.get(j).source())) {
            toRemove.add(j);
          } else {
            preempted = true;
          }
        }
      }
      if (!preempted) {
        for (int r = toRemove.size() - 1; r >= 0; r--) {
          int j = toRemove.get(r);
          keptTransitions.remove(j);
          keptBranches.remove(j);
          keptExits.remove(j);
        }
        keptTransitions.add(t1);
        keptBranches.add(branches[i]);
        keptExits.add(exit1);
      }
    }
    clear();
    for (int i = 0; i < keptTransitions.size(); i++) {
      append(keptTransitions.get(i), keptBranches.get(i));
    }
  }

  void describeInto(List<String> out) {
    for (int i = 0; i < size; i++) {
      out.add(describe(transitions[i], branches[i]));
    }
  }

  private static String describe(TransitionDef transition, Branch branch) {
    return transition.path() + " -> " + (branch.isTargetless() ? "(stay)" : branch.targets());
  }
}
