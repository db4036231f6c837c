package dev.clockwork.runtime.error;

import dev.clockwork.core.ClockworkException;
import java.time.Duration;

/**
 * Processing one event took longer than the queue's timeout: its result is thrown away (nothing is
 * committed) and the event is retried like any retryable failure.
 */
public final class EventTimeoutException extends ClockworkException {
  private static final long serialVersionUID = 1L;

  public EventTimeoutException(String eventType, Duration took, Duration timeout) {
    this(eventType, took, timeout, null);
  }

  /** The timeout, with what the interrupted action threw when it gave up ({@code cause}). */
  public EventTimeoutException(String eventType, Duration took, Duration timeout, Throwable cause) {
    super(
        eventType
            + " took "
            + took.toMillis()
            + " ms, over the processing timeout of "
            + timeout.toMillis()
            + " ms",
        cause);
  }
}
