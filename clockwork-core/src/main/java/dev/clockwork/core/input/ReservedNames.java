package dev.clockwork.core.input;

/**
 * The names the engine keeps for itself, the one place that says which they are. Instance ids
 * starting {@value #SCHEDULE_RUN_PREFIX} are schedule runs' and ids holding {@value #CHILD_MARK}
 * are child machines' ({@code <parent>/<state>#<entry>}): only the engine creates them, so a
 * caller cannot take a run's id before its schedule does or pose as a parent's child. Events
 * starting {@value #INTERNAL_EVENT_MARK} ({@code @done…}, {@code @fail}, {@code @timeout…}, {@code
 * @parallel.…}, {@code @cancel}, {@code @init}) and {@code done.state.…}, {@code fail.state.…} are
 * what the engine sends itself: children's outcomes, timers, region jobs; no caller sends them.
 */
public final class ReservedNames {
  /** How every schedule run's instance id starts. */
  public static final String SCHEDULE_RUN_PREFIX = "schedule:";

  /** What marks a child machine's instance id. */
  public static final String CHILD_MARK = "/";

  /** How every internal event type starts but the two below. */
  public static final String INTERNAL_EVENT_MARK = "@";

  /** How the event a compound state's completion raises starts. */
  public static final String STATE_DONE_PREFIX = "done.state.";

  /** How the event a parallel state's failure raises starts. */
  public static final String STATE_FAIL_PREFIX = "fail.state.";

  private ReservedNames() {}

  /** True for a type only the engine sends. */
  public static boolean isInternalEvent(String eventType) {
    return eventType.startsWith(INTERNAL_EVENT_MARK)
        || eventType.startsWith(STATE_DONE_PREFIX)
        || eventType.startsWith(STATE_FAIL_PREFIX);
  }

  /** True for an instance id only the engine creates. */
  public static boolean isEngineInstanceId(String instanceId) {
    return instanceId.startsWith(SCHEDULE_RUN_PREFIX) || instanceId.contains(CHILD_MARK);
  }

  /**
   * Refuses an event type only the engine sends.
   *
   * @return {@code eventType}
   * @throws ReservedNameException naming the rule
   */
  public static String checkSendable(String eventType) {
    if (isInternalEvent(eventType)) {
      throw new ReservedNameException(
          eventType,
          "event type '"
              + eventType
              + "' is reserved: types starting '@', 'done.state.' or 'fail.state.' are the"
              + " engine's own events (child outcomes, timers, parallel regions), which only the"
              + " engine sends; send an event of your machine that a transition takes instead");
    }
    return eventType;
  }

  /**
   * Refuses an instance id only the engine creates.
   *
   * @return {@code instanceId}
   * @throws ReservedNameException naming the rule
   */
  public static String checkCallerInstanceId(String instanceId) {
    if (instanceId.startsWith(SCHEDULE_RUN_PREFIX)) {
      throw new ReservedNameException(
          instanceId,
          "instance id '"
              + instanceId
              + "' is reserved: ids starting '"
              + SCHEDULE_RUN_PREFIX
              + "' are schedule runs', which only their schedule creates; choose another id");
    }
    if (instanceId.contains(CHILD_MARK)) {
      throw new ReservedNameException(
          instanceId,
          "instance id '"
              + instanceId
              + "' is reserved: ids containing '/' are child machine instances', which only"
              + " their parent starts (may not contain '/'); choose an id without '/'");
    }
    return instanceId;
  }
}
