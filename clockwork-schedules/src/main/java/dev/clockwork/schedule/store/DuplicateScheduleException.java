package dev.clockwork.schedule.store;

import dev.clockwork.core.ClockworkException;

/** A schedule id is taken in its namespace (deleted schedules keep their id). */
public final class DuplicateScheduleException extends ClockworkException {
  private static final long serialVersionUID = 1L;

  public DuplicateScheduleException(String namespace, String scheduleId) {
    super(
        "schedule '"
            + scheduleId
            + "' already exists in namespace '"
            + namespace
            + "' (deleted schedules keep their id and audit stream); choose another id, or"
            + " update the existing schedule");
  }
}
