package dev.clockwork.chaos.producer;

/** The external events the producer sends; see {@code ChaosMachine} for what each does. */
public enum EventKind {
  STEP(78),
  /**
   * Appends its number after a {@value dev.clockwork.chaos.machine.ChaosMachine#SLOW_MILLIS} ms
   * action: keeps a turn in progress long enough for a pause (F4) to stop a worker in the middle of
   * it.
   */
  SLOW(2),
  TRANSIENT(8),
  POISON(4),
  ARM(8);

  /** How often the plan picks it, out of 100. */
  final int weight;

  EventKind(int weight) {
    this.weight = weight;
  }

  /** Whether its sequence number ends in the instance's applied list (all but POISON). */
  public boolean appends() {
    return this != POISON;
  }
}
