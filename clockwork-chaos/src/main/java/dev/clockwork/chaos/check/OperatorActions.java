package dev.clockwork.chaos.check;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * What the operator (F8) did to the chaos machine's queue during a run, as the checker needs it.
 *
 * @param pauses each pause, from the instant its {@code pause} returned to the instant its {@code
 *     resume} was first called: no longer than the queue really was paused
 * @param purgedDeadLetters the sum of what every {@code purgeDeadLetters} returned
 */
public record OperatorActions(List<Pause> pauses, long purgedDeadLetters) {
  /** Nothing done: a run without F8. */
  public static final OperatorActions NONE = new OperatorActions(List.of(), 0);

  public OperatorActions {
    pauses = List.copyOf(pauses);
  }

  /**
   * One pause of the queue, by the orchestrator's clock (the database's machine's clock: the
   * instants compare with the database's {@code clock_timestamp()}).
   */
  public record Pause(Instant from, Instant until) {
    public Duration length() {
      return Duration.between(from, until);
    }

    @Override
    public String toString() {
      return from + " +" + length().toMillis() + " ms";
    }
  }
}
