package dev.clockwork.runtime.error;

import dev.clockwork.core.ClockworkException;

/**
 * An event id that an instance never had: not in its queue, its dead letters or its history. The
 * ids that {@code Engine.enqueue} returns are the ones to ask about.
 */
public final class UnknownEventIdException extends ClockworkException {
  private static final long serialVersionUID = 1L;

  public UnknownEventIdException(String instanceId, long eventId) {
    super(
        "instance '"
            + instanceId
            + "' has no event "
            + eventId
            + " in its queue, its dead letters or its history; use the id enqueue returned");
  }
}
