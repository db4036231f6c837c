package dev.clockwork.core.definition;

import dev.clockwork.core.behavior.Action;
import dev.clockwork.core.behavior.Guard;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Declares one branch: targets, guards (all must pass) and actions. */
public class BranchBuilder<B extends BranchBuilder<B>> {
  final List<String> targets = new ArrayList<>();
  final List<Object> guards = new ArrayList<>();
  final List<Object> actions = new ArrayList<>();

  @SuppressWarnings("unchecked")
  B self() {
    return (B) this;
  }

  /** Where to go; several targets enter several regions of a parallel state at once. */
  public B to(String... targetStates) {
    Collections.addAll(targets, targetStates);
    return self();
  }

  /** A condition; with several, all must pass. */
  public B guard(Guard guard) {
    guards.add(guard);
    return self();
  }

  /** A named guard from the machine's behaviours. */
  public B guard(String guardName) {
    guards.add(guardName);
    return self();
  }

  /** An action run while the transition is taken (after exits, before entries). */
  public B action(Action action) {
    actions.add(action);
    return self();
  }

  /** A named action from the machine's behaviours. */
  public B action(String actionName) {
    actions.add(actionName);
    return self();
  }

  boolean isEmpty() {
    return targets.isEmpty() && guards.isEmpty() && actions.isEmpty();
  }

  /** A plain branch inside a multi-branch transition. */
  public static final class Plain extends BranchBuilder<Plain> {}
}
