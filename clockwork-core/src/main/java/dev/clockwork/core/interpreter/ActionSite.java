package dev.clockwork.core.interpreter;

import dev.clockwork.core.definition.Branch;
import dev.clockwork.core.definition.StateNode;
import dev.clockwork.core.definition.TransitionDef;

/**
 * Where an action sits in its machine: an entry or exit action of a state, or an action of a
 * transition, by its name in the machine's behaviours (null for a lambda) and its position.
 *
 * @param kind {@code entry}, {@code exit} or {@code transition}
 * @param state the state's path (for a transition, its source state's)
 * @param transition the transition's path, e.g. {@code order.awaiting_payment.on.PAY}; null for an
 *     entry or exit action
 * @param index the action's position among its state's (or transition's) actions, from 0
 * @param name the action's name in the machine's behaviours; null for a lambda
 */
public record ActionSite(String kind, String state, String transition, int index, String name) {

  static ActionSite entry(StateNode state, int index) {
    return new ActionSite("entry", state.path(), null, index, state.entryActionName(index));
  }

  static ActionSite exit(StateNode state, int index) {
    return new ActionSite("exit", state.path(), null, index, state.exitActionName(index));
  }

  static ActionSite transition(TransitionDef transition, Branch branch, int index) {
    return new ActionSite(
        "transition",
        transition.source().path(),
        transition.path(),
        index,
        branch.actionName(index));
  }

  /** The action as people name it: {@code 'chargeCard'}, or {@code #2} for an unnamed one. */
  public String action() {
    return name != null ? "'" + name + "'" : "#" + (index + 1);
  }

  /** E.g. {@code entry action #1 of state 'processing.payment.charging'}. */
  public String describe() {
    return kind
        + " action "
        + action()
        + (transition != null
            ? " of transition '" + transition + "'"
            : " of state '" + state + "'");
  }
}
