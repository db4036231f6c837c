package dev.clockwork.core.interpreter;

import dev.clockwork.core.definition.StateKind;
import dev.clockwork.core.definition.StateNode;
import java.util.ArrayList;
import java.util.List;

/**
 * Which regions of a parallel state parallel dispatch may run as jobs (see {@link DispatchPolicy}).
 */
final class Dispatchable {
  private Dispatchable() {}

  /**
   * The initial states of {@code parallel}'s regions whose entry actions dispatch may run as jobs:
   * atomic, with entry actions, of a compound region.
   */
  static List<StateNode> initials(StateNode parallel) {
    List<StateNode> initials = new ArrayList<>(parallel.childCount());
    for (int c = 0; c < parallel.childCount(); c++) {
      StateNode region = parallel.child(c);
      StateNode initial = region.kind() == StateKind.COMPOUND ? region.initial() : null;
      if (initial != null && initial.kind() == StateKind.ATOMIC && initial.entryActionCount() > 0) {
        initials.add(initial);
      }
    }
    return initials;
  }

  /** True when entering {@code parallel} dispatches its regions (two or more can be). */
  static boolean parallelState(StateNode parallel) {
    return parallel.kind() == StateKind.PARALLEL && initials(parallel).size() >= 2;
  }
}
