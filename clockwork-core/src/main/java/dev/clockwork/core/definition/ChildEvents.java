package dev.clockwork.core.definition;

/**
 * The events through which a child machine's outcome reaches its parent: {@code @done} (or {@code
 * @done.<final state>}, which falls back to {@code @done}) and {@code @fail}. Their payload names
 * the parent's state entry that started the child, so an outcome arriving after the parent moved
 * on is dropped.
 */
public final class ChildEvents {
  /** Sent when the child reaches a top-level final state. */
  public static final String DONE = "@done";

  /** Sent when the child fails for good (an event of it was dead-lettered). */
  public static final String FAIL = "@fail";

  /** Payload key: the child instance id. */
  public static final String CHILD = "child";

  /** Payload key: the path of the parent state that runs the child. */
  public static final String PARENT_STATE = "parentState";

  /** Payload key: the entry id of that parent state. */
  public static final String PARENT_ENTRY = "parentEntry";

  /** Payload key: the child's final state ({@code @done}) . */
  public static final String FINAL_STATE = "finalState";

  /** Payload key: the child's context when it finished ({@code @done}). */
  public static final String OUTPUT = "output";

  /** Payload key: why the child failed ({@code @fail}). */
  public static final String ERROR = "error";

  private ChildEvents() {}

  /** True for {@code @done}, {@code @done.<state>} and {@code @fail}. */
  public static boolean isChildOutcome(String eventType) {
    return eventType != null
        && (eventType.equals(DONE) || eventType.startsWith(DONE + ".") || eventType.equals(FAIL));
  }

  /** The event for a child that finished in {@code finalState}. */
  public static String doneEvent(String finalState) {
    return DONE + "." + finalState;
  }
}
