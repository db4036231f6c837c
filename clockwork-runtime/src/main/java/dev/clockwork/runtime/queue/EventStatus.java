package dev.clockwork.runtime.queue;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * The fate of one queued event, looked up by the id {@code enqueue} returned.
 *
 * @param instanceId the instance it was queued for
 * @param eventId its queue id
 * @param state where it is now
 * @param attempts failed attempts so far (or in all, once it left the queue)
 * @param nextAttemptAt when a pending or retrying event may be processed next; null otherwise
 * @param historySequence the history row that recorded its outcome (applied, dead-lettered,
 *     discarded); 0 while it is queued
 * @param deadLetterId its dead letter's id while it waits in the dead letters; 0 otherwise
 * @param errors one entry per failed attempt
 * @param eventType the event's type ({@code PAY}); null when the store could not tell
 */
public record EventStatus(
    String instanceId,
    long eventId,
    State state,
    int attempts,
    Instant nextAttemptAt,
    long historySequence,
    long deadLetterId,
    List<AttemptError> errors,
    String eventType) {

  public EventStatus {
    Objects.requireNonNull(instanceId, "instanceId");
    Objects.requireNonNull(state, "state");
    errors = List.copyOf(errors);
  }

  /** A status that does not name the event's type. */
  public EventStatus(
      String instanceId,
      long eventId,
      State state,
      int attempts,
      Instant nextAttemptAt,
      long historySequence,
      long deadLetterId,
      List<AttemptError> errors) {
    this(
        instanceId,
        eventId,
        state,
        attempts,
        nextAttemptAt,
        historySequence,
        deadLetterId,
        errors,
        null);
  }

  /** Where a queued event is in its life. */
  public enum State {
    /** Queued, not tried yet. */
    PENDING,
    /** Queued again after failed attempts, waiting for the next one. */
    RETRYING,
    /** Processed and committed (whether or not a transition took it). */
    APPLIED,
    /** Failed for good and moved to the dead letters. */
    DEAD_LETTERED,
    /**
     * Failed for good on a machine whose dead letters are disabled: dropped, with a history row.
     */
    DISCARDED
  }
}
