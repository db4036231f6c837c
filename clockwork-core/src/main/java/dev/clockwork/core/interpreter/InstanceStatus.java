package dev.clockwork.core.interpreter;

/** Whether an instance still takes events. */
public enum InstanceStatus {
  /** Running: events are processed. */
  ACTIVE,
  /** A top-level final state was reached; no further event changes it. */
  DONE
}
