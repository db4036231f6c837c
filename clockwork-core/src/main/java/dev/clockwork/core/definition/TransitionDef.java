package dev.clockwork.core.definition;

import java.util.List;

/**
 * A transition of a state: the event that triggers it (null for an eventless {@code always}), its
 * branches, and the timer that sends its event, if any.
 */
public final class TransitionDef {
  final String event;
  final StateNode source;
  final Branch[] branches;
  final TimerDef timer;
  final String path;

  TransitionDef(String event, StateNode source, Branch[] branches, TimerDef timer, String path) {
    this.event = event;
    this.source = source;
    this.branches = branches;
    for (Branch branch : branches) {
      branch.transition = this;
    }
    this.timer = timer;
    this.path = path;
  }

  /** The triggering event type; null for {@code always}. */
  public String event() {
    return event;
  }

  public StateNode source() {
    return source;
  }

  public List<Branch> branches() {
    return List.of(branches);
  }

  public int branchCount() {
    return branches.length;
  }

  public Branch branch(int i) {
    return branches[i];
  }

  /** The timer that sends this transition's event, or null. */
  public TimerDef timer() {
    return timer;
  }

  /** Where the transition is written, e.g. {@code order.awaiting_payment.on.ORDER_EXPIRED}. */
  public String path() {
    return path;
  }

  @Override
  public String toString() {
    return path;
  }
}
