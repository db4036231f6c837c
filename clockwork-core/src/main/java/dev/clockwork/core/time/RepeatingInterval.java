package dev.clockwork.core.time;

import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.threeten.extra.PeriodDuration;

/**
 * An ISO 8601 repeating interval as written for a cycle timer: {@code R[n]/[start/]duration}.
 *
 * <ul>
 *   <li>{@code R5/PT10S}: every 10 seconds, 5 times;
 *   <li>{@code R/P1D}: every day, unbounded;
 *   <li>{@code R3/2022-04-27T17:20:00Z/P1D}: from that instant, every day, 3 times;
 *   <li>{@code R/2022-01-01T10:00:00+02:00[Europe/Berlin]/P1D}: from 2022-01-01T08:00:00Z (the
 *       offset gives the instant), every day at that instant's wall-clock time in Berlin, 09:00.
 * </ul>
 *
 * <p>The start takes {@code Z}, an offset, or an offset plus {@code [Zone/Id]}; an offset gives the
 * start instant even when the zone was at another offset then (as {@link ZonedDateTime#parse} reads
 * it), and a zone id gives the zone whose wall clock the occurrences keep. The duration must be
 * positive. {@code R0} and the ISO forms with an end ({@code start/end}, {@code duration/end}) are
 * refused. Immutable.
 */
public final class RepeatingInterval {
  private static final Pattern REPETITIONS = Pattern.compile("R(\\d*)");
  private static final String EXAMPLE = "write e.g. R5/PT10S, R/P1D or R3/2022-04-27T17:20:00Z/P1D";

  private final int repetitions;
  private final ZonedDateTime start;
  private final PeriodDuration period;

  private RepeatingInterval(int repetitions, ZonedDateTime start, PeriodDuration period) {
    this.repetitions = repetitions;
    this.start = start;
    this.period = period;
  }

  /**
   * Parses {@code R[n]/[start/]duration}.
   *
   * @throws InvalidTimerDefinitionException naming the bad part and showing a correct example
   */
  public static RepeatingInterval parse(String text) {
    String trimmed = text == null ? "" : text.trim();
    List<String> parts = split(trimmed);
    if (parts.size() < 2 || parts.size() > 3) {
      throw error(
          text, "expected R[n]/[start/]duration, 2 or 3 parts separated by '/'; " + EXAMPLE);
    }
    int repetitions = repetitions(text, parts.get(0));
    String last = parts.get(parts.size() - 1);
    if (last.isEmpty()) {
      throw error(text, "the duration is missing; " + EXAMPLE);
    }
    if (last.charAt(0) != 'P') {
      throw error(
          text,
          "the last part '"
              + last
              + "' must be a duration; the forms with an end (start/end, duration/end) are not"
              + " supported; "
              + EXAMPLE);
    }
    PeriodDuration period = period(text, last);
    ZonedDateTime start = parts.size() == 3 ? start(text, parts.get(1)) : null;
    return new RepeatingInterval(repetitions, start, period);
  }

  /** Splits at each '/' outside a bracketed zone id such as {@code [America/New_York]}. */
  private static List<String> split(String text) {
    List<String> parts = new ArrayList<>();
    int depth = 0;
    int from = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      depth += c == '[' ? 1 : c == ']' ? -1 : 0;
      if (c == '/' && depth == 0) {
        parts.add(text.substring(from, i));
        from = i + 1;
      }
    }
    parts.add(text.substring(from));
    return parts;
  }

  private static int repetitions(String text, String part) {
    Matcher matcher = REPETITIONS.matcher(part);
    if (!matcher.matches()) {
      throw error(text, "repetitions '" + part + "' must be R or R<n> such as R5; " + EXAMPLE);
    }
    if (matcher.group(1).isEmpty()) {
      return Integer.MAX_VALUE;
    }
    int n;
    try {
      n = Integer.parseInt(matcher.group(1));
    } catch (NumberFormatException e) {
      throw error(text, "repetitions '" + part + "' is too large; write R alone for unbounded");
    }
    if (n == 0) {
      throw error(text, "R0 never fires; write R1 or more, or R alone for unbounded");
    }
    return n;
  }

  private static PeriodDuration period(String text, String part) {
    PeriodDuration period;
    try {
      period = IsoText.duration(part);
    } catch (InvalidTimerDefinitionException e) {
      throw error(text, e.problem());
    }
    if (!IsoText.isPositive(period)) {
      throw error(
          text,
          "duration '" + part + "' must be positive (no part below zero, one above); e.g. PT10S");
    }
    return period;
  }

  private static ZonedDateTime start(String text, String part) {
    if (part.isEmpty()) {
      throw error(text, "the start is empty; " + EXAMPLE);
    }
    if (part.charAt(0) == 'P') {
      throw error(text, "the form duration/end is not supported; " + EXAMPLE);
    }
    try {
      return IsoText.dateTime(part);
    } catch (InvalidTimerDefinitionException e) {
      throw error(text, "start " + e.problem());
    }
  }

  private static InvalidTimerDefinitionException error(String text, String problem) {
    return new InvalidTimerDefinitionException("cycle '" + text + "': " + problem);
  }

  /** How many fires; empty for {@code R/...} (unbounded). */
  public OptionalInt repetitions() {
    return repetitions == Integer.MAX_VALUE ? OptionalInt.empty() : OptionalInt.of(repetitions);
  }

  /**
   * The first occurrence, when written: the instant its offset gives (its wall-clock time when only
   * a zone id is written), in the zone id if given, else in the offset.
   */
  public Optional<ZonedDateTime> start() {
    return Optional.ofNullable(start);
  }

  /** The positive time between two occurrences. */
  public PeriodDuration period() {
    return period;
  }

  @Override
  public boolean equals(Object other) {
    if (!(other instanceof RepeatingInterval)) {
      return false;
    }
    RepeatingInterval that = (RepeatingInterval) other;
    return repetitions == that.repetitions
        && Objects.equals(start, that.start)
        && period.equals(that.period);
  }

  @Override
  public int hashCode() {
    return Objects.hash(repetitions, start, period);
  }

  /** Canonical text such as {@code R5/PT10S} or {@code R3/2022-04-27T17:20:00Z/P1D}. */
  @Override
  public String toString() {
    String count = repetitions == Integer.MAX_VALUE ? "R" : "R" + repetitions;
    String from = start == null ? "" : IsoText.dateTimeText(start) + "/";
    return count + "/" + from + period;
  }
}
