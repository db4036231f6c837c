package dev.clockwork.core.time;

import java.time.Duration;
import java.util.function.LongFunction;

/**
 * A positive, exact length of time for a timer: {@code Timer.days(7)}, {@code Timer.minutes(15)}.
 * Days and weeks are exact (86,400 seconds per day), whatever the calendar or daylight saving time
 * does; for calendar-aware lengths use an ISO 8601 duration with {@link TimeSpecs#duration}.
 *
 * <p>Two timers are equal when their lengths are equal: {@code Timer.weeks(1)} equals {@code
 * Timer.days(7)}, and both print as "7 days".
 */
public final class Timer {
  private final Duration duration;

  private Timer(Duration duration) {
    this.duration = duration;
  }

  /** A timer of {@code n} milliseconds. */
  public static Timer millis(long n) {
    return build("millis", n, Duration::ofMillis);
  }

  /** A timer of {@code n} seconds. */
  public static Timer seconds(long n) {
    return build("seconds", n, Duration::ofSeconds);
  }

  /** A timer of {@code n} minutes. */
  public static Timer minutes(long n) {
    return build("minutes", n, Duration::ofMinutes);
  }

  /** A timer of {@code n} hours. */
  public static Timer hours(long n) {
    return build("hours", n, Duration::ofHours);
  }

  /** A timer of {@code n} days of exactly 24 hours. */
  public static Timer days(long n) {
    return build("days", n, Duration::ofDays);
  }

  /** A timer of {@code n} weeks of exactly 7 days. */
  public static Timer weeks(long n) {
    return build("weeks", n, weeks -> Duration.ofDays(Math.multiplyExact(weeks, 7)));
  }

  /** A timer as long as {@code duration}, which must be positive. */
  public static Timer of(Duration duration) {
    if (duration == null || duration.isNegative() || duration.isZero()) {
      throw new InvalidTimerDefinitionException(
          "Timer.of("
              + duration
              + "): a timer must be positive; use Timer.of(Duration.ofMillis(1)) or more");
    }
    return new Timer(duration);
  }

  private static Timer build(String unit, long n, LongFunction<Duration> toDuration) {
    String call = "Timer." + unit + "(" + n + ")";
    if (n <= 0) {
      throw new InvalidTimerDefinitionException(
          call + ": a timer must be positive; use Timer." + unit + "(1) or more");
    }
    try {
      return new Timer(toDuration.apply(n));
    } catch (ArithmeticException e) {
      throw new InvalidTimerDefinitionException(
          call + ": too long to represent; use a smaller number of " + unit);
    }
  }

  /** The exact length of this timer. */
  public Duration toDuration() {
    return duration;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof Timer && ((Timer) other).duration.equals(duration);
  }

  @Override
  public int hashCode() {
    return duration.hashCode();
  }

  /** Human text such as "7 days", "90 minutes" or "500 milliseconds". */
  @Override
  public String toString() {
    return Durations.format(duration);
  }
}
