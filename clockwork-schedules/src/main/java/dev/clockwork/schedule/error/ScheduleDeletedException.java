package dev.clockwork.schedule.error;

import dev.clockwork.core.ClockworkException;
import java.time.Instant;

/** A command was given to a soft-deleted schedule, which takes none. */
public final class ScheduleDeletedException extends ClockworkException {
  private static final long serialVersionUID = 1L;

  public ScheduleDeletedException(
      String namespace, String scheduleId, String command, Instant deletedAt, String reason) {
    super(
        "schedule '"
            + scheduleId
            + "' in namespace '"
            + namespace
            + "' was deleted at "
            + deletedAt
            + (reason == null ? "" : " (" + reason + ")")
            + " and cannot be "
            + command
            + "; its history stays readable. Create a schedule with another id instead");
  }
}
