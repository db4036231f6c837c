package dev.clockwork.runtime.store;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * One row of an instance's history: every external and internal event, every timer fire, failure
 * and completion, numbered per instance.
 *
 * @param sequence 1, 2, 3… per instance
 * @param instanceId the instance
 * @param conversationId the instance's conversation (see {@link InstanceRecord#conversationId()})
 * @param at when it happened (engine clock)
 * @param kind what happened
 * @param event the event type involved (or the final state for {@link Kind#DONE})
 * @param payload the event's payload
 * @param states the instance's active leaf states after this row
 * @param detail extra words: a drop reason, an error, a timer key
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
    String detail) {

  /** The kinds of history rows. */
  public enum Kind {
    CREATED,
    EVENT,
    UNHANDLED,
    INTERNAL,
    TIMER_FIRED,
    TIMER_DROPPED,
    FAILED,
    DONE,
    DROPPED,
    CANCELLED,
    CHILD_STARTED,
    ORIGIN
  }
}
