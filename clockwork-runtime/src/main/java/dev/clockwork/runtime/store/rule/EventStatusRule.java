package dev.clockwork.runtime.store.rule;

import dev.clockwork.runtime.queue.AttemptError;
import dev.clockwork.runtime.queue.EventStatus;
import dev.clockwork.runtime.queue.EventStatus.State;
import dev.clockwork.runtime.store.HistoryEntry;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Where a queued event is now ({@link dev.clockwork.runtime.store.QueueStore#eventStatus}), from
 * the three places a store looks: still in its queue (pending, or retrying after failed attempts),
 * in the dead letters, or gone with a history row recording its outcome (the first row with its
 * queue id that is not a failed attempt). A store finds the three (each may be missing) and asks
 * this.
 */
public final class EventStatusRule {
  private EventStatusRule() {}

  /** The event in its queue. */
  public record Queued(int attempts, Instant availableAt, List<AttemptError> errors, String type) {}

  /** The event's dead letter. */
  public record DeadLettered(long id, int attempts, List<AttemptError> errors, String type) {}

  /** The first history row with the event's queue id that is not a failed attempt. */
  public record Outcome(long sequence, HistoryEntry.Kind kind, int attempt, String type) {}

  /**
   * False for ids that no queue gave (0 marks rows and dead letters that came from no queue): a
   * store answers them with nothing, without looking.
   */
  public static boolean isQueueId(long eventId) {
    return eventId > 0;
  }

  /**
   * The event's status: queued first, then dead-lettered, then by its outcome row; empty when none
   * of the three is there (or {@code eventId} is no {@linkplain #isQueueId queue id}).
   *
   * @param queued the event in its queue, or null
   * @param dead its dead letter, or null
   * @param outcome its outcome row, or null
   */
  public static Optional<EventStatus> of(
      String instanceId, long eventId, Queued queued, DeadLettered dead, Outcome outcome) {
    if (!isQueueId(eventId)) {
      return Optional.empty();
    }
    if (queued != null) {
      return Optional.of(
          new EventStatus(
              instanceId,
              eventId,
              queued.attempts() > 0 ? State.RETRYING : State.PENDING,
              queued.attempts(),
              queued.availableAt(),
              0,
              0,
              queued.errors(),
              queued.type()));
    }
    long sequence = outcome == null ? 0 : outcome.sequence();
    if (dead != null) {
      return Optional.of(
          new EventStatus(
              instanceId,
              eventId,
              State.DEAD_LETTERED,
              dead.attempts(),
              null,
              sequence,
              dead.id(),
              dead.errors(),
              dead.type()));
    }
    if (outcome == null) {
      return Optional.empty();
    }
    State state =
        switch (outcome.kind()) {
          case FAILED -> State.DEAD_LETTERED;
          case DISCARDED -> State.DISCARDED;
          default -> State.APPLIED;
        };
    // an applied event's row is its successful attempt; a failed one's, its last failed attempt
    int failedAttempts = state == State.APPLIED ? outcome.attempt() - 1 : outcome.attempt();
    return Optional.of(
        new EventStatus(
            instanceId,
            eventId,
            state,
            Math.max(0, failedAttempts),
            null,
            sequence,
            0,
            List.of(),
            outcome.type()));
  }
}
