package dev.clockwork.core.interpreter;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * An operator's change to one armed timer of an instance: move it to an instant, put it off by a
 * duration, fire it now, or cancel it. Applied by {@link Interpreter#operate} as one macrostep.
 *
 * @param kind what to do
 * @param timer the timer: its event ({@code ORDER_EXPIRED}) or its key ({@code
 *     awaiting_payment#ORDER_EXPIRED}) when two active states arm the same event
 * @param to the new due instant ({@link Kind#RESCHEDULE}), else null
 * @param by how much later it is due ({@link Kind#EXTEND}, positive), else null
 */
public record TimerOperation(Kind kind, String timer, Instant to, Duration by) {

  /** The four operations. */
  public enum Kind {
    RESCHEDULE,
    EXTEND,
    FIRE,
    CANCEL
  }

  public TimerOperation {
    Objects.requireNonNull(kind, "kind");
    if (timer == null || timer.isBlank()) {
      throw new IllegalArgumentException("name the timer: its event, e.g. ORDER_EXPIRED");
    }
    if (kind == Kind.RESCHEDULE && to == null) {
      throw new IllegalArgumentException("reschedule needs the instant the timer is due at");
    }
    if (kind == Kind.EXTEND && (by == null || by.isNegative() || by.isZero())) {
      throw new IllegalArgumentException(
          "extend needs a positive duration, not " + by + "; reschedule to move a timer earlier");
    }
  }

  public static TimerOperation reschedule(String timer, Instant to) {
    return new TimerOperation(Kind.RESCHEDULE, timer, to, null);
  }

  public static TimerOperation extend(String timer, Duration by) {
    return new TimerOperation(Kind.EXTEND, timer, null, by);
  }

  public static TimerOperation fireNow(String timer) {
    return new TimerOperation(Kind.FIRE, timer, null, null);
  }

  public static TimerOperation cancel(String timer) {
    return new TimerOperation(Kind.CANCEL, timer, null, null);
  }

  /** Whether {@code armed} is the timer this operation names. */
  boolean names(ArmedTimer armed) {
    return armed.key().equals(timer) || armed.event().equals(timer);
  }
}
