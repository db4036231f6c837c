package dev.clockwork.runtime.config;

/** Which instance a machine's queue serves next. */
public enum QueueStrategy {
  /** The instance whose head event has waited longest. */
  FIFO,
  /** The instance whose head event has the highest priority, then the longest wait. */
  PRIORITY
}
