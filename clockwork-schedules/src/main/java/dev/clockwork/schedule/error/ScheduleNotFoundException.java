package dev.clockwork.schedule.error;

import dev.clockwork.core.ClockworkException;

/** No schedule has this id in this namespace. */
public final class ScheduleNotFoundException extends ClockworkException {
  private static final long serialVersionUID = 1L;

  public ScheduleNotFoundException(String namespace, String scheduleId) {
    super(
        "no schedule '"
            + scheduleId
            + "' in namespace '"
            + namespace
            + "'; check the id, or pass the namespace it was created in");
  }
}
