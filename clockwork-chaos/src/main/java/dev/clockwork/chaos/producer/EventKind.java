package dev.clockwork.chaos.producer;

/**
 * The external events the producer sends; see {@code ChaosMachine} for what each does. STEP stays
 * the bulk; the kinds that reach timers, children, peers and receivers come often enough for a 20 s
 * run to exercise each of them tens of times.
 */
public enum EventKind {
  STEP(62),
  /**
   * Appends its number after a {@value dev.clockwork.chaos.machine.ChaosMachine#SLOW_MILLIS} ms
   * action: keeps a turn in progress long enough for a pause (F4) to stop a worker in the middle of
   * it.
   */
  SLOW(2),
  TRANSIENT(8),
  POISON(4),
  ARM(8),
  /** Enters the {@code every}/{@code max}/{@code then} state (I6). */
  CYCLE(5),
  /** Enters the state that runs a child machine (I8). */
  SPAWN(4),
  /** A synchronous and an asynchronous emit to the instance's peer (I8). */
  EMIT(4),
  /** A broadcast to the receivers (I8). */
  BROADCAST(3);

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
