package dev.clockwork.schedule.internal;

/** Why an occurrence did not run, as recorded in skipped occurrences and audit events. */
public final class SkipReasons {
  /** The overlap policy is skip and the previous instance still runs. */
  public static final String OVERLAP_POLICY_SKIP = "overlap_policy_skip";

  /** The buffer (one, or max_buffer) was full. */
  public static final String BUFFER_OVERFLOW = "buffer_overflow";

  /** Missed while no scheduler ran; catch-up once ran only the first overdue occurrence. */
  public static final String CATCHUP_ONCE = "catchup_once";

  /** Missed while no scheduler ran; catch-up skip runs none of them. */
  public static final String CATCHUP_SKIP = "catchup_skip";

  /** Missed longer ago than the catch-up window allows (catch-up all). */
  public static final String OUTSIDE_CATCHUP_WINDOW = "outside_catchup_window";

  /** A manual trigger of a paused schedule. */
  public static final String STATUS_NOT_TRIGGERABLE = "status_not_triggerable";

  /** Max runs were used up (buffered triggers dropped, backfill stopped). */
  public static final String REMAINING_ACTIONS_EXHAUSTED = "remaining_actions_exhausted";

  /** The schedule was deleted with triggers in its buffer. */
  public static final String SCHEDULE_DELETED = "schedule_deleted";

  /** A send-event action's instance does not exist. */
  public static final String TARGET_INSTANCE_MISSING = "target_instance_missing";

  private SkipReasons() {}
}
