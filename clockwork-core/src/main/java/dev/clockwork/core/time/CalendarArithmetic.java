package dev.clockwork.core.time;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.Period;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.Optional;
import java.util.function.Supplier;
import org.threeten.extra.PeriodDuration;

/**
 * Adds ISO 8601 amounts to instants. The calendar part (years, months, weeks, days) moves the
 * wall-clock date-time in a zone; the result is turned into an instant by {@link DstPolicy#DEFAULT}
 * (a time in a gap becomes the transition instant, a time in an overlap the earlier instant); then
 * the time part is added as exact elapsed time. An amount without a calendar part never goes
 * through wall-clock time.
 */
final class CalendarArithmetic {
  private CalendarArithmetic() {}

  /** {@code from + amount}, calendar part in {@code zone}. */
  static Instant plus(Instant from, PeriodDuration amount, ZoneId zone) {
    Period period = amount.getPeriod();
    Instant base = from;
    if (!period.isZero()) {
      LocalDateTime local = LocalDateTime.ofInstant(from, zone).plus(period);
      base = DstPolicy.DEFAULT.resolve(local, zone).get(0);
    }
    return base.plus(amount.getDuration());
  }

  /**
   * Occurrence {@code k} (from 0) of {@code start + k·amount}: the calendar part is multiplied
   * before it is added to the start's wall-clock date-time, so P1M from January 31 gives February
   * 29 (or 28), March 31, April 30; occurrence 0 is {@code start} itself.
   */
  static Instant occurrence(ZonedDateTime start, PeriodDuration amount, long k) {
    if (k == 0) {
      return start.toInstant();
    }
    Period period = amount.getPeriod();
    Instant base = start.toInstant();
    if (!period.isZero()) {
      LocalDateTime local =
          start
              .toLocalDateTime()
              .plusMonths(Math.multiplyExact(period.toTotalMonths(), k))
              .plusDays(Math.multiplyExact((long) period.getDays(), k));
      base = DstPolicy.DEFAULT.resolve(local, start.getZone()).get(0);
    }
    return base.plus(amount.getDuration().multipliedBy(k));
  }

  /** The instant, or empty when it lies beyond what {@link Instant} can hold. */
  static Optional<Instant> bounded(Supplier<Instant> computation) {
    try {
      return Optional.of(computation.get());
    } catch (DateTimeException | ArithmeticException beyondRange) {
      return Optional.empty();
    }
  }
}
