package dev.clockwork.runtime;

import dev.clockwork.core.ClockworkException;
import java.time.Duration;

/**
 * Processing one event took longer than the queue's timeout: its result is thrown away (nothing is
 * committed) and the event is retried like any retryable failure.
 */
public final class EventTimeoutException extends ClockworkException {
  private static final long serialVersionUID = 1L;

  public EventTimeoutException(String eventType, Duration took, Duration timeout) {
    super(
        eventType
            + " took "
            + took.toMillis()
            + " ms, over the processing timeout of "
            + timeout.toMillis()
            + " ms");
  }
}
