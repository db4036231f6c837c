package dev.clockwork.core.time;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.Objects;
import java.util.Optional;
import org.threeten.extra.PeriodDuration;

/**
 * Repeating ISO 8601 interval ({@link RepeatingInterval}); fires at most n times per state entry
 * for {@code R<n>}.
 *
 * <p>With a start: the occurrences are {@code start + k·P} for k = 0, 1, 2…, computed on the
 * wall-clock date-time of the start instant in the start's zone (the zone id if given, else the
 * offset), so {@code P1D} keeps the start's local time across DST changes: from {@code
 * 2022-01-01T10:00:00+02:00[Europe/Berlin]} (08:00Z, 09:00 Berlin) every day at 09:00 Berlin. The
 * first fire is the first occurrence at or after entry; each next fire is the first occurrence
 * strictly after the previous fire was processed. Missed occurrences are not replayed.
 *
 * <p>Without a start: first = entry + P, next = processed + P, calendar parts in {@code zone}.
 *
 * <p>After the last of n fires, a transition's {@code then} event is due where fire n+1 would have
 * been ({@link #thenDue}): one interval later, as for {@code every}.
 */
record CycleSpec(RepeatingInterval interval, ZoneId zone) implements TimeSpec {
  CycleSpec {
    Objects.requireNonNull(interval, "interval");
    Objects.requireNonNull(zone, "zone");
  }

  @Override
  public Optional<Instant> firstDue(Instant entered) {
    if (interval.start().isPresent()) {
      return CalendarArithmetic.bounded(() -> occurrence(entered, false));
    }
    return CalendarArithmetic.bounded(
        () -> CalendarArithmetic.plus(entered, interval.period(), zone));
  }

  @Override
  public Optional<Instant> nextDue(Instant entered, Instant due, Instant firedAt, int fires) {
    if (fires >= maxFires()) {
      return Optional.empty();
    }
    return following(due, firedAt);
  }

  /** One interval after the last fire, as if {@code R<n>} allowed one more. */
  @Override
  public Optional<Instant> thenDue(Instant entered, Instant due, Instant firedAt, int fires) {
    return following(due, firedAt);
  }

  /** The due after a fire that was due at {@code due} and processed at {@code firedAt}. */
  private Optional<Instant> following(Instant due, Instant firedAt) {
    Instant processed = firedAt.isAfter(due) ? firedAt : due;
    if (interval.start().isPresent()) {
      return CalendarArithmetic.bounded(() -> occurrence(processed, true));
    }
    return CalendarArithmetic.bounded(
        () -> CalendarArithmetic.plus(processed, interval.period(), zone));
  }

  /** The first occurrence at or after {@code limit} ({@code strictly}: after it). */
  private Instant occurrence(Instant limit, boolean strictly) {
    ZonedDateTime start = interval.start().orElseThrow();
    PeriodDuration period = interval.period();
    long k = Math.max(0, estimateSteps(start.toInstant(), limit) - 1);
    while (k > 0 && reaches(CalendarArithmetic.occurrence(start, period, k - 1), limit, strictly)) {
      k--;
    }
    Instant candidate = CalendarArithmetic.occurrence(start, period, k);
    while (!reaches(candidate, limit, strictly)) {
      k++;
      candidate = CalendarArithmetic.occurrence(start, period, k);
    }
    return candidate;
  }

  private static boolean reaches(Instant candidate, Instant limit, boolean strictly) {
    return strictly ? candidate.isAfter(limit) : !candidate.isBefore(limit);
  }

  private long estimateSteps(Instant start, Instant limit) {
    if (!limit.isAfter(start)) {
      return 0;
    }
    PeriodDuration period = interval.period();
    double daySeconds = 86_400;
    double stepSeconds =
        period.getPeriod().getYears() * 365.2425 * daySeconds
            + period.getPeriod().getMonths() * 30.436875 * daySeconds
            + period.getPeriod().getDays() * daySeconds
            + period.getDuration().getSeconds()
            + period.getDuration().getNano() / 1e9;
    double elapsed = Duration.between(start, limit).getSeconds();
    return (long) (elapsed / stepSeconds);
  }

  @Override
  public int maxFires() {
    return interval.repetitions().orElse(Integer.MAX_VALUE);
  }

  @Override
  public boolean repeating() {
    return true;
  }

  /** The canonical interval, plus the zone when it has no start and a calendar part. */
  @Override
  public String describe() {
    boolean zoned = interval.start().isEmpty() && !interval.period().getPeriod().isZero();
    return zoned ? interval + " (" + zone + ")" : interval.toString();
  }
}
