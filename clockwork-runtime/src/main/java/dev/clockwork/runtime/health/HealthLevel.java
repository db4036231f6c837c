package dev.clockwork.runtime.health;

/** How a queue is doing; scripts read it as an exit code (0, 1, 2). */
public enum HealthLevel {
  HEALTHY,
  WARNING,
  CRITICAL;

  /** The worse of two levels. */
  public HealthLevel worst(HealthLevel other) {
    return compareTo(other) >= 0 ? this : other;
  }

  /** 0 healthy, 1 warning, 2 critical. */
  public int exitCode() {
    return ordinal();
  }
}
