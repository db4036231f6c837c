package dev.clockwork.core.interpreter;

import dev.clockwork.core.behavior.GuardScope;
import dev.clockwork.core.definition.Branch;
import dev.clockwork.core.definition.ChildEvents;
import dev.clockwork.core.definition.StateNode;
import dev.clockwork.core.definition.TransitionDef;
import dev.clockwork.core.event.Event;
import java.util.Arrays;
import java.util.List;

/**
 * The enabled transitions of one microstep (SCXML {@code selectTransitions}, {@code
 * selectEventlessTransitions} and {@code removeConflictingTransitions}): for each active atomic
 * state in document order, the first transition of it or its nearest ancestor with a branch whose
 * guards all pass. Each is held as the branch taken (its transition is {@link Branch#transition}).
 */
final class Selection {
  private final Configuration config;
  private final GuardScope scope;
  // Most microsteps take one transition: it is held here, and only a second makes an array.
  private Branch first;
  private Branch[] rest;
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
    return branch(i).transition();
  }

  Branch branch(int i) {
    return i == 0 ? first : rest[i - 1];
  }

  private void set(int i, Branch branch) {
    if (i == 0) {
      first = branch;
    } else {
      rest[i - 1] = branch;
    }
  }

  void clear() {
    for (int i = 0; i < size; i++) {
      set(i, null);
    }
    size = 0;
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
    for (int i = 0; i < size; i++) {
      if (branch(i) == branch) {
        return true;
      }
    }
    if (size > 0 && (rest == null || size > rest.length)) {
      rest = rest == null ? new Branch[2] : Arrays.copyOf(rest, rest.length * 2);
    }
    set(size++, branch);
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

  /**
   * SCXML conflict resolution: of two transitions whose exit sets share a state, the earlier wins,
   * unless the later one's source is a descendant of the earlier one's (then the later one wins).
   * Done in place: the transitions kept so far are a prefix of the selection.
   */
  private void removeConflicts() {
    if (size < 2) {
      return;
    }
    int kept = 0;
    for (int i = 0; i < size; i++) {
      Branch candidate = branch(i);
      if (preempted(candidate, kept)) {
        continue;
      }
      int k = 0;
      for (int j = 0; j < kept; j++) {
        Branch earlier = branch(j);
        if (!conflict(candidate, earlier)) {
          set(k++, earlier);
        }
      }
      set(k++, candidate);
      kept = k;
    }
    for (int i = kept; i < size; i++) {
      set(i, null);
    }
    size = kept;
  }

  private boolean preempted(Branch candidate, int kept) {
    StateNode source = candidate.transition().source();
    for (int j = 0; j < kept; j++) {
      Branch earlier = branch(j);
      if (conflict(candidate, earlier) && !source.isDescendantOf(earlier.transition().source())) {
        return true;
      }
    }
    return false;
  }

  /** True when both branches exit a common active state. */
  private boolean conflict(Branch a, Branch b) {
    for (int i = 0; i < config.size(); i++) {
      StateNode state = config.get(i).state();
      if (exits(a, state) && exits(b, state)) {
        return true;
      }
    }
    return false;
  }

  /** True when some selected branch exits the active {@code state}. */
  boolean exits(StateNode state) {
    for (int i = 0; i < size; i++) {
      if (exits(branch(i), state)) {
        return true;
      }
    }
    return false;
  }

  /**
   * SCXML computeExitSet, one active state at a time: taking {@code branch} exits {@code state}
   * when it lies in the branch's domain (for a self-loop: is its source or lies in it).
   */
  static boolean exits(Branch branch, StateNode state) {
    if (branch.isTargetless()) {
      return false;
    }
    if (branch.isSelfLoop()) {
      StateNode source = branch.transition().source();
      return state == source || state.isDescendantOf(source);
    }
    return state.isDescendantOf(branch.domain());
  }

  void describeInto(List<String> out) {
    for (int i = 0; i < size; i++) {
      out.add(describe(branch(i)));
    }
  }

  private static String describe(Branch branch) {
    return branch.transition().path()
        + " -> "
        + (branch.isTargetless() ? "(stay)" : branch.targets());
  }
}
