package dev.clockwork.runtime.error;

import dev.clockwork.core.ClockworkException;

/**
 * An action or guard threw while an event was processed. The macrostep was rolled back: the
 * instance is exactly as it was before the event, and the failure is in its history.
 */
public final class EventFailedException extends ClockworkException {
  private static final long serialVersionUID = 1L;

  public EventFailedException(String instanceId, String event, Throwable cause) {
    super(
        "instance '"
            + instanceId
            + "' could not process "
            + event
            + ": "
            + cause.getClass().getSimpleName()
            + ": "
            + cause.getMessage(),
        cause);
  }
}
