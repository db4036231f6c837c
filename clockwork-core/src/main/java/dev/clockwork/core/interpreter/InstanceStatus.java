package dev.clockwork.core.interpreter;

/** Whether an instance still takes events. */
public enum InstanceStatus {
  /** Running: events are processed. */
  ACTIVE,
  /** A top-level final state was reached; no further event changes it. */
  DONE,
  /** Cancelled from outside (a child whose parent moved on); no further event changes it. */
  CANCELLED
}
