package dev.clockwork.schedule.definition;

import dev.clockwork.core.ClockworkException;

/**
 * A schedule's parameters are wrong: a cron expression that does not parse or never fires, an
 * unknown time zone or policy, a negative jitter, a zero interval. The message names the culprit
 * and what to write instead.
 */
public final class InvalidScheduleException extends ClockworkException {
  private static final long serialVersionUID = 1L;

  public InvalidScheduleException(String message) {
    super(message);
  }

  public InvalidScheduleException(String message, Throwable cause) {
    super(message, cause);
  }
}
