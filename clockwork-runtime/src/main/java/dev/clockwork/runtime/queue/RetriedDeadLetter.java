package dev.clockwork.runtime.queue;

import java.time.Instant;

/**
 * What became of a dead letter an operator retried: the letter left the dead letter queue and its
 * event went back to its instance's queue as a new event. Kept, like the dead letters, for the
 * machine's {@code dead_letter.retention}, counted from when the retried event became available.
 *
 * @param id the dead letter's id
 * @param eventId the id of the event the retry queued
 * @param instanceId its instance
 * @param machine the instance's machine
 * @param deadAt when the event had died
 * @param availableAt when the retried event became available (the retry, plus its delay)
 */
public record RetriedDeadLetter(
    long id, long eventId, String instanceId, String machine, Instant deadAt, Instant availableAt) {

  /** The record of {@code dead}'s retry as {@code event}. */
  public static RetriedDeadLetter of(DeadLetter dead, QueuedEvent event) {
    return new RetriedDeadLetter(
        dead.id(),
        event.id(),
        event.instanceId(),
        event.machine(),
        dead.deadAt(),
        event.availableAt());
  }
}
