package dev.clockwork.schedule.definition;

import dev.clockwork.core.time.InvalidTimerDefinitionException;
import dev.clockwork.core.time.RepeatingInterval;
import dev.clockwork.core.time.TimeSpecs;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The ISO 8601 parts of a schedule spec, as a BPMN timer start event writes them: time dates (one
 * occurrence each) and cycles ({@code R[n]/[start/]duration}). Parsed once, by the core's parsers,
 * when the spec is built. Cycles without a start count from an anchor, the instant the spec was set
 * on its schedule; until it has one, the spec cannot say when they fire.
 */
final class IsoParts {
  private final List<String> dateTexts;
  private final List<String> cycleTexts;
  private final Instant anchor;
  private final boolean unanchored;
  private final List<Instant> dates = new ArrayList<>();
  private final List<CycleOccurrences> started = new ArrayList<>();
  private final List<CycleOccurrences> startless = new ArrayList<>();

  /**
   * Parses the texts (trimmed) and reads the cycles in {@code zone}; {@code anchor} is kept only
   * when a cycle has no start.
   *
   * @throws InvalidScheduleException naming a text that does not parse
   */
  IsoParts(List<String> dateTexts, List<String> cycleTexts, Instant anchor, ZoneId zone) {
    this.dateTexts = trimmed(dateTexts);
    this.cycleTexts = trimmed(cycleTexts);
    this.dateTexts.forEach(text -> dates.add(date(text)));
    List<RepeatingInterval> intervals = this.cycleTexts.stream().map(IsoParts::cycle).toList();
    boolean anyStartless = intervals.stream().anyMatch(i -> i.start().isEmpty());
    this.anchor = anyStartless ? anchor : null;
    this.unanchored = anyStartless && anchor == null;
    for (RepeatingInterval interval : intervals) {
      boolean hasStart = interval.start().isPresent();
      if (hasStart || this.anchor != null) {
        CycleOccurrences.of(interval, zone, this.anchor)
            .ifPresent(hasStart ? started::add : startless::add);
      }
    }
  }

  private static List<String> trimmed(List<String> texts) {
    List<String> result = new ArrayList<>();
    for (String text : texts) {
      if (text == null || text.isBlank()) {
        throw new InvalidScheduleException(
            "a time date or cycle is empty; write e.g. 2026-04-27T17:20:00Z or R5/PT10S");
      }
      result.add(text.trim());
    }
    return List.copyOf(result);
  }

  private static Instant date(String text) {
    try {
      return TimeSpecs.at(text).firstDue(Instant.EPOCH).orElseThrow();
    } catch (InvalidTimerDefinitionException e) {
      throw new InvalidScheduleException("time date: " + e.getMessage() + hint(text, true), e);
    }
  }

  private static RepeatingInterval cycle(String text) {
    try {
      return RepeatingInterval.parse(text);
    } catch (InvalidTimerDefinitionException e) {
      throw new InvalidScheduleException(e.getMessage() + hint(text, false), e);
    }
  }

  /** Points a text written in the wrong place to the form it looks like; else nothing. */
  private static String hint(String text, boolean writtenAsDate) {
    if (text.startsWith("P")) {
      return "; a duration alone does not fire: repeat it as the cycle R/"
          + text
          + " or R5/"
          + text;
    }
    if (writtenAsDate && text.startsWith("R")) {
      return "; a repeating interval such as " + text + " goes in cycles";
    }
    if (!writtenAsDate && !text.startsWith("R")) {
      return "; a single instant such as 2026-04-27T17:20:00Z goes in dates";
    }
    return "";
  }

  List<String> dates() {
    return dateTexts;
  }

  List<String> cycles() {
    return cycleTexts;
  }

  /** The instant cycles without a start count from; null when there are none, or not yet set. */
  Instant anchor() {
    return anchor;
  }

  boolean isEmpty() {
    return dateTexts.isEmpty() && cycleTexts.isEmpty();
  }

  /** True when a cycle without a start has no anchor yet. */
  boolean unanchored() {
    return unanchored;
  }

  /** The earliest date or cycle occurrence strictly after {@code after}, if one is left. */
  Optional<Instant> next(Instant after) {
    if (unanchored()) {
      throw new IllegalStateException(
          "a cycle without a start counts from when its schedule was created, and this spec has no"
              + " cycle_anchor yet; Schedules sets it on create and update (or call"
              + " ScheduleSpec.anchoredAt)");
    }
    Instant best = null;
    for (Instant date : dates) {
      if (date.isAfter(after)) {
        best = earlier(best, date);
      }
    }
    for (CycleOccurrences cycle : started) {
      best = earlier(best, cycle.next(after).orElse(null));
    }
    for (CycleOccurrences cycle : startless) {
      best = earlier(best, cycle.next(after).orElse(null));
    }
    return Optional.ofNullable(best);
  }

  /** The earliest date or first occurrence of a cycle with a start at or before {@code now}. */
  Optional<Instant> earliestAtOrBefore(Instant now) {
    Instant best = null;
    for (Instant date : dates) {
      best = date.isAfter(now) ? best : earlier(best, date);
    }
    for (CycleOccurrences cycle : started) {
      best = cycle.first().isAfter(now) ? best : earlier(best, cycle.first());
    }
    return Optional.ofNullable(best);
  }

  private static Instant earlier(Instant best, Instant candidate) {
    if (candidate == null) {
      return best;
    }
    return best == null || candidate.isBefore(best) ? candidate : best;
  }
}
