package dev.clockwork.core.definition;

/** The four kinds of state in a statechart. */
public enum StateKind {
  /** No children. */
  ATOMIC,
  /** Children, exactly one of them active at a time, entered through {@code initial}. */
  COMPOUND,
  /** Children (regions), all active at once. */
  PARALLEL,
  /** Entering it completes its parent; at the top level it completes the instance. */
  FINAL
}
