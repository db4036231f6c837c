package dev.clockwork.schedule.definition;

import dev.clockwork.core.time.RepeatingInterval;
import dev.clockwork.core.time.TimeSpec;
import dev.clockwork.core.time.TimeSpecs;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Optional;

/**
 * The occurrences of one cycle of a schedule spec ({@code R[n]/[start/]duration}) as absolute
 * instants, {@code n} of them (or unbounded for {@code R/...}):
 *
 * <ul>
 *   <li>with a start: the start itself, then one duration after another;
 *   <li>without one: one duration after the anchor (the instant the spec was set on its schedule),
 *       then one duration after another, as a cycle timer counts from its state's entry.
 * </ul>
 *
 * <p>Occurrence k is {@code base + k·duration} on the wall clock: calendar units move the date-time
 * in the start's zone id when one is written, else in the schedule's zone. The arithmetic is the
 * core's, through a started cycle timer ({@link TimeSpecs#cycle}) whose first due instant at or
 * after a limit is the first occurrence at or after it; this class adds the first index and the
 * count.
 */
final class CycleOccurrences {
  private final TimeSpec grid;
  private final Instant first;
  private final Instant last;

  private CycleOccurrences(TimeSpec grid, Instant first, Instant last) {
    this.grid = grid;
    this.first = first;
    this.last = last;
  }

  /**
   * The occurrences of {@code interval} read in {@code zone}, counted from {@code anchor} when it
   * has no start; empty when they lie beyond the instants Java can represent.
   */
  static Optional<CycleOccurrences> of(RepeatingInterval interval, ZoneId zone, Instant anchor) {
    ZonedDateTime base =
        interval
            .start()
            .map(
                start ->
                    start.getZone() instanceof ZoneOffset ? start.withZoneSameInstant(zone) : start)
            .orElseGet(() -> anchor.atZone(zone));
    int firstIndex = interval.start().isPresent() ? 0 : 1;
    TimeSpec grid = started(base, interval.period().toString());
    Optional<Instant> first = occurrence(base, interval, firstIndex, grid);
    if (first.isEmpty()) {
      return Optional.empty();
    }
    Instant last = null;
    if (interval.repetitions().isPresent()) {
      long lastIndex = firstIndex + (long) interval.repetitions().getAsInt() - 1;
      last =
          lastIndex > Integer.MAX_VALUE
              ? null
              : occurrence(base, interval, (int) lastIndex, grid).orElse(null);
    }
    return Optional.of(new CycleOccurrences(grid, first.get(), last));
  }

  /**
   * Occurrence {@code k}: the first occurrence after the base of a cycle whose duration is k times
   * this one's, since the core multiplies a duration's parts before adding them to the base.
   */
  private static Optional<Instant> occurrence(
      ZonedDateTime base, RepeatingInterval interval, int k, TimeSpec grid) {
    if (k == 0) {
      return Optional.of(base.toInstant());
    }
    try {
      TimeSpec scaled = k == 1 ? grid : started(base, interval.period().multipliedBy(k).toString());
      return scaled.firstDue(base.toInstant().plusNanos(1));
    } catch (ArithmeticException | DateTimeException beyondRange) {
      return Optional.empty();
    }
  }

  private static TimeSpec started(ZonedDateTime base, String duration) {
    // the offset written is always valid for the zone, so the text means exactly this instant
    String start = DateTimeFormatter.ISO_ZONED_DATE_TIME.format(base);
    return TimeSpecs.cycle("R/" + start + "/" + duration, base.getZone());
  }

  /** The first occurrence strictly after {@code after}, if one is left. */
  Optional<Instant> next(Instant after) {
    Instant from;
    try {
      from = after.isBefore(first) ? first : after.plusNanos(1);
    } catch (DateTimeException beyondRange) {
      return Optional.empty();
    }
    return grid.firstDue(from).filter(t -> last == null || !t.isAfter(last));
  }

  /** The first occurrence. */
  Instant first() {
    return first;
  }
}
