package dev.clockwork.core.time;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.threeten.extra.PeriodDuration;

/**
 * Reads and writes durations as people write them in configuration: {@code 500 milliseconds},
 * {@code 1 second}, {@code 30 seconds}, {@code 5 minutes}, {@code 1 hour}, {@code 7 days}, {@code 2
 * weeks}, the short forms {@code 500ms}, {@code 5s}, {@code 5m}, {@code 24h}, {@code 7d}, {@code
 * 2w}, and ISO 8601 ({@code PT30S}, {@code P7D}, {@code P2W}). A day is exactly 24 hours and a week
 * exactly 7 days; months and years are refused because they have no fixed length.
 */
public final class Durations {
  private static final String ACCEPTED =
      "write a whole number and a unit (500ms, 30 seconds, 5m, 24h, 7 days, 2 weeks)"
          + " or an ISO 8601 duration (PT30S, P7D)";
  private static final Pattern ISO = Pattern.compile("[-+]?[Pp].*");
  private static final BigInteger NANOS_PER_SECOND = BigInteger.valueOf(1_000_000_000L);
  private static final Pattern WORDS = Pattern.compile("(\\d+)\\s*([a-z]+)");
  private static final Map<String, ChronoUnit> UNITS =
      Map.ofEntries(
          Map.entry("ms", ChronoUnit.MILLIS),
          Map.entry("millisecond", ChronoUnit.MILLIS),
          Map.entry("milliseconds", ChronoUnit.MILLIS),
          Map.entry("s", ChronoUnit.SECONDS),
          Map.entry("sec", ChronoUnit.SECONDS),
          Map.entry("second", ChronoUnit.SECONDS),
          Map.entry("seconds", ChronoUnit.SECONDS),
          Map.entry("m", ChronoUnit.MINUTES),
          Map.entry("min", ChronoUnit.MINUTES),
          Map.entry("minute", ChronoUnit.MINUTES),
          Map.entry("minutes", ChronoUnit.MINUTES),
          Map.entry("h", ChronoUnit.HOURS),
          Map.entry("hour", ChronoUnit.HOURS),
          Map.entry("hours", ChronoUnit.HOURS),
          Map.entry("d", ChronoUnit.DAYS),
          Map.entry("day", ChronoUnit.DAYS),
          Map.entry("days", ChronoUnit.DAYS),
          Map.entry("w", ChronoUnit.WEEKS),
          Map.entry("week", ChronoUnit.WEEKS),
          Map.entry("weeks", ChronoUnit.WEEKS));

  private Durations() {}

  /**
   * Parses a human or ISO 8601 duration; zero is allowed, negative values are not.
   *
   * @throws InvalidTimerDefinitionException naming the text and the accepted forms
   */
  public static Duration parse(String text) {
    if (text == null || text.isBlank()) {
      throw new InvalidTimerDefinitionException("duration '" + text + "' is empty; " + ACCEPTED);
    }
    String trimmed = text.trim();
    if (ISO.matcher(trimmed).matches()) {
      return parseIso(trimmed);
    }
    Matcher words = WORDS.matcher(trimmed.toLowerCase(Locale.ROOT));
    if (!words.matches()) {
      throw new InvalidTimerDefinitionException(
          "duration '" + text + "' is not understood; " + ACCEPTED);
    }
    ChronoUnit unit = UNITS.get(words.group(2));
    if (unit == null) {
      throw new InvalidTimerDefinitionException(
          "duration '" + text + "': unknown unit '" + words.group(2) + "'; " + ACCEPTED);
    }
    try {
      long amount = Long.parseLong(words.group(1));
      return unit == ChronoUnit.WEEKS
          ? Duration.ofDays(Math.multiplyExact(amount, 7))
          : Duration.of(amount, unit);
    } catch (ArithmeticException | NumberFormatException e) {
      throw new InvalidTimerDefinitionException("duration '" + text + "' is too long");
    }
  }

  private static Duration parseIso(String text) {
    PeriodDuration parsed;
    try {
      parsed = PeriodDuration.parse(text);
    } catch (DateTimeParseException e) {
      throw new InvalidTimerDefinitionException(
          "duration '" + text + "' is not an ISO 8601 duration; " + ACCEPTED);
    }
    if (parsed.getPeriod().getYears() != 0 || parsed.getPeriod().getMonths() != 0) {
      throw new InvalidTimerDefinitionException(
          "duration '" + text + "': months and years have no fixed length; write days, e.g. P30D");
    }
    Duration duration;
    try {
      duration = Duration.ofDays(parsed.getPeriod().getDays()).plus(parsed.getDuration());
    } catch (ArithmeticException e) {
      throw new InvalidTimerDefinitionException("duration '" + text + "' is too long");
    }
    if (duration.isNegative()) {
      throw new InvalidTimerDefinitionException(
          "duration '" + text + "' is negative; write a duration of zero or more, e.g. PT30S");
    }
    return duration;
  }

  /**
   * A number of milliseconds (any {@link Number}: 1500, 1500.5, a {@code BigDecimal}) as a
   * duration, a fraction of a nanosecond rounded up, so that a timer armed with it is never early:
   * 1500.5 is 1.5005 seconds, 0.0000001 is one nanosecond. Negative numbers are kept (a computed
   * timer fires at once for them).
   *
   * @throws InvalidTimerDefinitionException for a number that is not finite or too large
   */
  public static Duration ofMillis(Number millis) {
    try {
      BigInteger nanos =
          new BigDecimal(millis.toString())
              .movePointRight(6)
              .setScale(0, RoundingMode.CEILING)
              .toBigIntegerExact();
      BigInteger[] split = nanos.divideAndRemainder(NANOS_PER_SECOND);
      return Duration.ofSeconds(split[0].longValueExact(), split[1].longValue());
    } catch (NumberFormatException | ArithmeticException e) {
      throw new InvalidTimerDefinitionException(
          "timer value "
              + millis
              + " is not a usable number of milliseconds; give a finite"
              + " number such as 1500 (1.5 seconds)");
    }
  }

  /**
   * Human text for a duration (read back by {@link #parse} when not negative): the largest of days,
   * hours, minutes, seconds and milliseconds that measures it exactly ("7 days", "90 minutes", "1
   * second", "1500 milliseconds"); ISO 8601 when it has a sub-millisecond part.
   */
  public static String format(Duration duration) {
    if (duration.getNano() == 0) {
      long seconds = duration.getSeconds();
      long[] sizes = {86_400, 3_600, 60, 1};
      String[] names = {"day", "hour", "minute", "second"};
      for (int i = 0; i < sizes.length; i++) {
        if (seconds % sizes[i] == 0 && (seconds != 0 || sizes[i] == 1)) {
          return plural(seconds / sizes[i], names[i]);
        }
      }
    }
    if (duration.getNano() % 1_000_000 == 0) {
      try {
        return plural(duration.toMillis(), "millisecond");
      } catch (ArithmeticException tooLong) {
        return duration.toString();
      }
    }
    return duration.toString();
  }

  private static String plural(long amount, String unit) {
    return amount + " " + unit + (Math.abs(amount) == 1 ? "" : "s");
  }
}
