package dev.clockwork.schedule.internal;

import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.config.RetentionSettings;
import dev.clockwork.schedule.store.ScheduleStore;
import java.time.Duration;
import java.time.Instant;

/**
 * {@code retention.schedule_audit}: in each of the engine's retention passes, schedules deleted
 * longer ago than the setting go whole (audit, skips, buffer, then the schedule row; see {@link
 * ScheduleStore#purgeDeleted}), in bounded batches ({@link #BATCH} rows, at most {@link
 * #MAX_BATCHES} a pass; what is left waits for the next pass). Without the setting nothing is
 * removed: a deleted schedule's row, audit and skips stay. The rows count as {@link #TABLE} in the
 * pass's rows removed.
 */
public final class AuditRetention {
  /** The table name the rows removed count under. */
  public static final String TABLE = RetentionSettings.SCHEDULE_AUDIT;

  static final int BATCH = 200;
  static final int MAX_BATCHES = 100;

  private final Engine engine;
  private final ScheduleStore store;

  private AuditRetention(Engine engine, ScheduleStore store) {
    this.engine = engine;
    this.store = store;
  }

  /** Adds the purge of {@code store}'s deleted schedules' audit to {@code engine}'s passes. */
  public static void addTo(Engine engine, ScheduleStore store) {
    engine.tasks().addRetentionStep(TABLE, new AuditRetention(engine, store)::purge);
  }

  /** Removes what the setting no longer keeps at {@code now}; returns the rows removed. */
  long purge(Instant now) {
    Duration keep = engine.settings().retention().scheduleAudit();
    if (keep == null) {
      return 0;
    }
    Instant deletedBefore = now.minus(keep);
    long removed = 0;
    for (int i = 0; i < MAX_BATCHES; i++) {
      int rows = store.purgeDeleted(deletedBefore, BATCH);
      removed += rows;
      if (rows < BATCH) {
        break;
      }
    }
    return removed;
  }
}
