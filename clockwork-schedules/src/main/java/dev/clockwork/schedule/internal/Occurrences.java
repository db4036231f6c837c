package dev.clockwork.schedule.internal;

import dev.clockwork.schedule.definition.ScheduleSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Canonical occurrences of a spec over a span, enumerated with a cap. */
final class Occurrences {
  private static final List<Duration> LOOKBACKS =
      List.of(Duration.ofHours(1), Duration.ofDays(1), Duration.ofDays(35), Duration.ofDays(400));

  /** The occurrences found, and whether more exist in the span than the cap allowed. */
  record Span(List<Instant> occurrences, boolean truncated) {}

  private Occurrences() {}

  /**
   * Occurrences strictly after {@code after} and strictly before {@code end}, at most {@code cap}.
   */
  static Span between(ScheduleSpec spec, Instant after, Instant end, int cap) {
    List<Instant> found = new ArrayList<>();
    Instant t = after;
    while (true) {
      Optional<Instant> next = spec.next(t);
      if (next.isEmpty() || !next.get().isBefore(end)) {
        return new Span(found, false);
      }
      if (found.size() == cap) {
        return new Span(found, true);
      }
      found.add(next.get());
      t = next.get();
    }
  }

  /**
   * The latest occurrence at or before {@code now}, not earlier than {@code floor} (itself one).
   */
  static Instant latestAtOrBefore(ScheduleSpec spec, Instant now, Instant floor) {
    for (Duration lookback : LOOKBACKS) {
      Instant start = now.minus(lookback);
      if (start.isBefore(floor)) {
        break;
      }
      Instant latest = last(spec, start.minusNanos(1), now);
      if (latest != null) {
        return latest;
      }
    }
    Instant latest = last(spec, floor.minusNanos(1), now);
    return latest != null ? latest : floor;
  }

  private static Instant last(ScheduleSpec spec, Instant after, Instant now) {
    Instant latest = null;
    Instant t = after;
    for (Optional<Instant> next = spec.next(t);
        next.isPresent() && !next.get().isAfter(now);
        next = spec.next(t)) {
      latest = next.get();
      t = latest;
    }
    return latest;
  }
}
