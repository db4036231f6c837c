package dev.clockwork.schedule.store;

import java.util.Locale;

/** Whether a schedule fires. */
public enum ScheduleStatus {
  /** Fires on its spec. */
  ACTIVE,
  /** Fires on nothing until resumed (a manual trigger is recorded as skipped). */
  PAUSED,
  /** Soft-deleted: the row and its audit stream stay; it takes no further command. */
  DELETED;

  /** {@code active}, {@code paused}, {@code deleted}. */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
