package dev.clockwork.core.definition;

/**
 * The events of parallel dispatch: the ones the runtime sends an instance when a dispatched region
 * job finishes, gives up or runs out of time ({@code @parallel.…}), the {@code fail.state.<path>}
 * event that {@code onFail} transitions of a parallel state take, and the internal events recorded
 * in the instance's history ({@code PARALLEL_…}) with the keys of their payloads.
 */
public final class ParallelEvents {
  /** Sent by a finished region job: its context changes and raised events, to apply. */
  public static final String REGION_DONE = "@parallel.region";

  /** Sent by a region job that gave up: the parallel state's {@code @fail} fires. */
  public static final String REGION_FAILED = "@parallel.fail";

  /** The event of the timer armed at dispatch when a region timeout is set. */
  public static final String REGION_TIMEOUT = "@parallel.timeout";

  /** Recorded when a region job's result was applied. */
  public static final String ENTER = "PARALLEL_REGION_ENTER";

  /** Recorded when a region job's result arrived after the instance moved on. */
  public static final String GUARD_ABORT = "PARALLEL_REGION_GUARD_ABORT";

  /** Recorded when a region job changed a key someone else changed since dispatch. */
  public static final String CONTEXT_CONFLICT = "PARALLEL_CONTEXT_CONFLICT";

  /** Recorded when a region's entry action finished and the region stayed at its initial state. */
  public static final String STALLED = "PARALLEL_REGION_STALLED";

  /** Recorded when the region timeout passed with regions unfinished. */
  public static final String TIMEOUT = "PARALLEL_REGION_TIMEOUT";

  /** Recorded when every region of a dispatched parallel state is final and its @done fires. */
  public static final String DONE = "PARALLEL_DONE";

  /** Recorded when a region job gave up. */
  public static final String FAIL = "PARALLEL_FAIL";

  // ---- payload keys ----

  public static final String PARALLEL_STATE = "parallel_state_id";
  public static final String PARALLEL_ENTRY = "parallel_entry";
  public static final String REGION = "region_id";
  public static final String INITIAL_STATE = "initial_state_id";
  public static final String INITIAL_ENTRY = "initial_entry";
  public static final String SET = "set";
  public static final String REMOVED = "removed";
  public static final String BASELINE = "baseline";
  public static final String RAISED = "raised";
  public static final String EMITS = "emits";
  public static final String BROADCASTS = "broadcasts";
  public static final String REASON = "reason";
  public static final String DISCARDED_CONTEXT = "discarded_context";
  public static final String DISCARDED_EVENTS = "discarded_events";
  public static final String WORK_WAS_DISCARDED = "work_was_discarded";
  public static final String CONFLICTED_KEYS = "conflicted_keys";
  public static final String CONTEXT_CHANGED = "context_changed";
  public static final String TIMEOUT_SECONDS = "timeout_seconds";
  public static final String STALLED_REGIONS = "stalled_regions";
  public static final String ERROR = "error";
  public static final String EXCEPTION = "exception";
  public static final String ATTEMPTS = "attempts";

  /** Why a result was discarded: the parallel state's entry is no longer active. */
  public static final String LEFT_PARALLEL_STATE = "machine left the parallel state";

  /** Why a result was discarded: the region is no longer at the initial state's entry. */
  public static final String REGION_ADVANCED = "region already advanced";

  private ParallelEvents() {}

  /** The event {@code onFail} transitions of the parallel state at {@code path} take. */
  public static String failEvent(String path) {
    return "fail.state." + path;
  }

  /** The key of the region-timeout timer of the parallel state at {@code path}. */
  public static String timeoutKey(String path) {
    return path + "#" + REGION_TIMEOUT;
  }

  /**
   * True for what a region job sends ({@code @parallel.region}, {@code @parallel.fail}): applied
   * (or recorded as discarded) even once the instance is finished.
   */
  public static boolean isResult(String eventType) {
    return REGION_DONE.equals(eventType) || REGION_FAILED.equals(eventType);
  }

  /** True when {@code timerKey} is a region-timeout timer's (it has no definition of its own). */
  public static boolean isTimeoutKey(String timerKey) {
    return timerKey.endsWith("#" + REGION_TIMEOUT);
  }
}
