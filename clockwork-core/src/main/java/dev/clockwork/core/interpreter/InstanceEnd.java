package dev.clockwork.core.interpreter;

import dev.clockwork.core.definition.StateNode;

/**
 * How an instance ends in a step: done (a top-level final state was entered) or cancelled from
 * outside. Either way it takes no more events: every timer is cancelled and every child too, each
 * reported.
 */
final class InstanceEnd {
  private InstanceEnd() {}

  /** Cancels the instance from outside; no exit actions run. */
  static void cancel(Macrostep step) {
    step.ended(InstanceStatus.CANCELLED);
    stopTimersAndChildren(step);
    step.effect(new Effect.InstanceCancelled());
  }

  /** The top-level {@code finalState} was entered: the instance is done. */
  static void finish(Macrostep step, StateNode finalState) {
    step.runAllDeferred(); // the instance ends in this step: no job will run them
    step.ended(InstanceStatus.DONE);
    stopTimersAndChildren(step);
    step.effect(new Effect.InstanceDone(finalState.path()));
  }

  private static void stopTimersAndChildren(Macrostep step) {
    TimerBook timers = step.timers();
    for (int i = timers.size() - 1; i >= 0; i--) {
      step.effect(new Effect.TimerCancelled(timers.remove(i)));
    }
    Configuration config = step.config();
    for (int i = 0; i < config.size(); i++) {
      ActiveState active = config.get(i);
      if (active.state().invokedMachine() != null) {
        step.effect(new Effect.ChildCancelled(active.path(), active.entryId()));
      }
    }
  }
}
