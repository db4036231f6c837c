package dev.clockwork.core.definition;

/** The kinds of state in a statechart: four real ones and the history pseudo-state. */
public enum StateKind {
  /** No children. */
  ATOMIC,
  /** Children, exactly one of them active at a time, entered through {@code initial}. */
  COMPOUND,
  /** Children (regions), all active at once. */
  PARALLEL,
  /** Entering it completes its parent; at the top level it completes the instance. */
  FINAL,
  /**
   * A pseudo-state, never active: a transition to it re-enters what its parent had active when it
   * was last left (see {@link HistoryType}), or the history's default when nothing is recorded.
   */
  HISTORY
}
