package dev.clockwork.core.interpreter;

import java.time.Instant;

/**
 * A timer waiting to fire, held in the snapshot (so it is as durable as the state itself).
 *
 * @param key the timer's definition key, {@code <state path>#<event>}
 * @param event the event the next fire sends (the {@code then} event in the final phase)
 * @param entryId the state entry that armed it
 * @param enteredAt when that state entry began (the anchor)
 * @param due when it fires next; it never fires earlier
 * @param fires how many times it has fired in this state entry
 * @param thenPhase true when the next fire sends {@code then} after the last allowed fire
 * @param value the canonical text of a computed timer value, null for static timers
 * @param failed true when this timer's last fire failed for good (it went to the dead letters): it
 *     is no longer due, and is kept only so that an operator's retry of that dead-lettered fire can
 *     still apply it (see {@link Interpreter#skipFire})
 */
public record ArmedTimer(
    String key,
    String event,
    long entryId,
    Instant enteredAt,
    Instant due,
    int fires,
    boolean thenPhase,
    String value,
    boolean failed) {

  /** A timer whose fire has not failed: what every armed timer is until one does. */
  public ArmedTimer(
      String key,
      String event,
      long entryId,
      Instant enteredAt,
      Instant due,
      int fires,
      boolean thenPhase,
      String value) {
    this(key, event, entryId, enteredAt, due, fires, thenPhase, value, false);
  }

  /** The path of the state that armed the timer. */
  public String statePath() {
    return key.substring(0, key.indexOf('#'));
  }

  /** A stable id for stores: instance-independent, unique per state entry. */
  public String id() {
    return key + "@" + entryId;
  }

  /** This timer with its fire failed for good: kept, but no longer due. */
  public ArmedTimer asFailed() {
    return new ArmedTimer(key, event, entryId, enteredAt, due, fires, thenPhase, value, true);
  }
}
