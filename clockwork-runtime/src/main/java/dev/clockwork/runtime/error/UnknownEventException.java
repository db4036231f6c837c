package dev.clockwork.runtime.error;

import dev.clockwork.core.ClockworkException;
import dev.clockwork.core.behavior.NonRetryable;
import java.util.List;

/** An event type that no state of the machine takes: a sender's mistake, never retried. */
public final class UnknownEventException extends ClockworkException implements NonRetryable {
  private static final long serialVersionUID = 1L;

  public UnknownEventException(String machine, String eventType, List<String> known) {
    super(
        "machine '"
            + machine
            + "' has no transition for event '"
            + eventType
            + "'; it takes "
            + known);
  }
}
