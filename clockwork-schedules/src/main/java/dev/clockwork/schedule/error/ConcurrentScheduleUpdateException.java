package dev.clockwork.schedule.error;

import dev.clockwork.core.ClockworkException;

/** A schedule kept changing under a command, which gave up after several attempts. */
public final class ConcurrentScheduleUpdateException extends ClockworkException {
  private static final long serialVersionUID = 1L;

  public ConcurrentScheduleUpdateException(String namespace, String scheduleId, int attempts) {
    super(
        "schedule '"
            + scheduleId
            + "' in namespace '"
            + namespace
            + "' changed under "
            + attempts
            + " attempts to write it; try the command again");
  }
}
