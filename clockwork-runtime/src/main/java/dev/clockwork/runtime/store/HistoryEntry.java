package dev.clockwork.runtime.store;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * One row of an instance's history: every external and internal event, every timer fire, failed
 * attempt and completion, numbered per instance.
 *
 * @param sequence 1, 2, 3… per instance
 * @param instanceId the instance
 * @param conversationId the instance's conversation (see {@link InstanceRecord#conversationId()})
 * @param at when it happened (engine clock): the macrostep's instant
 * @param kind what happened
 * @param event the event type involved (or the final state for {@link Kind#DONE})
 * @param payload the event's payload; for {@link Kind#TIMER_FIRED} the fire's {@code due} instant
 * @param states the instance's active leaf states after this row
 * @param detail extra words: a drop reason, an error, a timer key
 * @param eventId the queue id of the event the row is about; 0 when it did not come from a queue (a
 *     direct send, a timer fire, the instance's creation)
 * @param attempt which attempt at that event the row records (1 for the first); 0 for rows that are
 *     not about an attempt (creation, internal events)
 * @param entered the states entered by the macrostep this row starts, in entry order, each with its
 *     entry id and instant (empty for the other rows of the step)
 */
public record HistoryEntry(
    long sequence,
    String instanceId,
    String conversationId,
    Instant at,
    Kind kind,
    String event,
    Map<String, Object> payload,
    List<String> states,
    String detail,
    long eventId,
    int attempt,
    List<StoredEntry> entered) {

  public HistoryEntry {
    payload = payload == null ? Map.of() : payload;
    states = states == null ? List.of() : List.copyOf(states);
    entered = entered == null ? List.of() : List.copyOf(entered);
  }

  /** A row about no queued event, entering no state. */
  public HistoryEntry(
      long sequence,
      String instanceId,
      String conversationId,
      Instant at,
      Kind kind,
      String event,
      Map<String, Object> payload,
      List<String> states,
      String detail) {
    this(
        sequence,
        instanceId,
        conversationId,
        at,
        kind,
        event,
        payload,
        states,
        detail,
        0,
        0,
        List.of());
  }

  /** The kinds of history rows. */
  public enum Kind {
    CREATED,
    EVENT,
    UNHANDLED,
    INTERNAL,
    TIMER_FIRED,
    /**
     * Fires of an overdue timer its overdue policy did not run; the payload lists their due
     * instants ({@code missed}, the first 100) and how many there were ({@code count}).
     */
    TIMER_SKIPPED,
    TIMER_DROPPED,
    /** An attempt failed and the event (or timer fire) will be tried again. */
    ATTEMPT_FAILED,
    /** The event failed for good (a failed direct send, or an event sent to the dead letters). */
    FAILED,
    /** The event failed for good and was dropped: the machine's dead letters are disabled. */
    DISCARDED,
    DONE,
    DROPPED,
    CANCELLED,
    CHILD_STARTED,
    ORIGIN,
    /**
     * Retention removed older rows: the row stands in place of the newest one removed (its sequence
     * number), dated when they were removed, its payload saying how many ({@link
     * TrimMarker#REMOVED}) and up to which sequence ({@link TrimMarker#THROUGH}).
     */
    TRIMMED
  }
}
