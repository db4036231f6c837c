package dev.clockwork.core.definition;

import dev.clockwork.core.behavior.Action;
import dev.clockwork.core.behavior.Guard;
import java.util.List;

/**
 * One branch of a transition: its guards (all must pass), its actions, and its targets (none for a
 * targetless, actions-only branch). A transition with several branches takes the first whose guards
 * pass.
 */
public final class Branch {
  final Guard[] guards;
  final Action[] actions;
  final StateNode[] targets;
  final String[] guardNames;
  final String[] actionNames;
  StateNode domain;
  boolean selfLoop;
  TransitionDef transition;

  Branch(
      Guard[] guards,
      String[] guardNames,
      Action[] actions,
      String[] actionNames,
      StateNode[] targets) {
    this.guards = guards;
    this.guardNames = guardNames;
    this.actions = actions;
    this.actionNames = actionNames;
    this.targets = targets;
  }

  /** The transition this branch is one of. */
  public TransitionDef transition() {
    return transition;
  }

  public List<StateNode> targets() {
    return List.of(targets);
  }

  public int targetCount() {
    return targets.length;
  }

  public StateNode target(int i) {
    return targets[i];
  }

  public boolean isTargetless() {
    return targets.length == 0;
  }

  /**
   * True when the only target is the source itself: the state is re-entered but keeps its anchor.
   */
  public boolean isSelfLoop() {
    return selfLoop;
  }

  /** The state whose descendants this branch exits and enters; null when targetless. */
  public StateNode domain() {
    return domain;
  }

  public int guardCount() {
    return guards.length;
  }

  public Guard guard(int i) {
    return guards[i];
  }

  public int actionCount() {
    return actions.length;
  }

  public Action action(int i) {
    return actions[i];
  }

  /**
   * The name the {@code i}-th action was given in the machine's behaviours; null for an action
   * passed as a lambda (which an export cannot name).
   */
  public String actionName(int i) {
    return actionNames[i];
  }

  /** Names of the guards, for diagrams and history ({@code "<lambda>"} for unnamed ones). */
  public List<String> guardNames() {
    return List.of(guardNames);
  }
}
