package dev.clockwork.runtime.error;

import dev.clockwork.core.ClockworkException;

/** A dead letter id that is not in the dead letter queue (never was, retried, or purged). */
public final class UnknownDeadLetterException extends ClockworkException {
  private static final long serialVersionUID = 1L;

  public UnknownDeadLetterException(long id) {
    super(
        "no dead letter with id "
            + id
            + " (retried or purged already?); list them with `clockwork queue dlq` or GET"
            + " /api/dead-letters");
  }
}
