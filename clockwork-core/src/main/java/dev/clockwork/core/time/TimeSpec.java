package dev.clockwork.core.time;

import java.time.Instant;
import java.util.Optional;

/**
 * When a timer of a state fires: the one interface every timer kind implements, and how the
 * interpreter asks for due instants. Implementations are immutable values and never read a clock:
 * every instant comes in as an argument.
 *
 * <p>The rules every implementation follows:
 *
 * <ul>
 *   <li>A due instant is never earlier than the kind's rule says, not by one nanosecond.
 *   <li>No catch-up: a fire processed late is not made up for; the next due instant is computed
 *       from when the fire was processed ({@code firedAt}), so at most one fire is pending at a
 *       time.
 *   <li>A due instant at or before the time it is compared with means "fire at once".
 * </ul>
 *
 * <p>Build instances with {@link TimeSpecs}, or {@link CronSchedule#parse}.
 */
public interface TimeSpec {
  /**
   * Due instant of the first fire for a state entered at {@code entered}; empty if it never fires.
   * An instant {@code <= entered} means "fire at once".
   */
  Optional<Instant> firstDue(Instant entered);

  /**
   * Due instant of the fire after one that was due at {@code due} and processed at {@code firedAt}
   * ({@code firedAt >= due}; an earlier {@code firedAt} is treated as {@code due}), {@code fires} =
   * fires made so far in this state entry (including that one). Empty when there are no more.
   */
  Optional<Instant> nextDue(Instant entered, Instant due, Instant firedAt, int fires);

  /**
   * Due instant of the {@code then} event sent after the last allowed fire (due at {@code due},
   * processed at {@code firedAt}, {@code fires} fires so far): one interval later, where the next
   * fire would be due if no count stopped it, whether a transition's {@code max} or the spec's own
   * count ({@code R3/PT1H}) is what stops it. Empty when the spec has no interval (one-shots). The
   * default, {@link #nextDue}, suits every spec that has no count of its own.
   */
  default Optional<Instant> thenDue(Instant entered, Instant due, Instant firedAt, int fires) {
    return nextDue(entered, due, firedAt, fires);
  }

  /**
   * How many fires the spec allows by itself: 1 for one-shots, n for R<n>/..., {@link
   * Integer#MAX_VALUE} when unbounded.
   */
  int maxFires();

  /** True for every/cycle/cron. */
  boolean repeating();

  /**
   * Canonical human text, e.g. "after 7 days", "every 6 hours", "PT15S", "R5/PT10S", "at
   * 2019-10-01T12:00:00Z", "cron 0 0 9-17 * * MON-FRI (Europe/Berlin)".
   */
  String describe();
}
