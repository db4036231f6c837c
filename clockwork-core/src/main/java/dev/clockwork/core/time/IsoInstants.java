package dev.clockwork.core.time;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/**
 * ISO-8601 instants as text, read and written without a {@link java.time.format.DateTimeFormatter}
 * on the common shape {@code 2024-03-02T09:00:00[.nnnnnnnnn](Z|+02:00)}, years 0000–9999. Every
 * other text goes to the JDK's parser, so the result — and the error for bad text — is always the
 * JDK's: {@link #parseInstant} equals {@link Instant#parse}, {@link #format} equals {@link
 * Instant#toString}, {@link #parseOffsetDateTime} equals {@link OffsetDateTime#parse}. Snapshots
 * carry several instants per instance, read and written on every turn; the formatter costs more
 * than the rest of decoding a row.
 */
public final class IsoInstants {
  private static final int SHORTEST = "2024-03-02T09:00:00Z".length();

  /** The epoch seconds of years 0000–9999, which {@link #format} writes by hand. */
  private static final long MIN_SECOND = LocalDate.of(0, 1, 1).toEpochDay() * 86_400;

  private static final long MAX_SECOND = LocalDate.of(10_000, 1, 1).toEpochDay() * 86_400 - 1;

  private IsoInstants() {}

  /** The instant of {@code text}, as {@link Instant#parse} reads it. */
  public static Instant parseInstant(CharSequence text) {
    OffsetDateTime fast = fast(text, false);
    return fast != null ? fast.toInstant() : Instant.parse(text);
  }

  /** The date-time of {@code text}, as {@link OffsetDateTime#parse} reads it. */
  public static OffsetDateTime parseOffsetDateTime(CharSequence text) {
    OffsetDateTime fast = fast(text, true);
    return fast != null ? fast : OffsetDateTime.parse(text);
  }

  /** {@code instant} as {@link Instant#toString} writes it. */
  public static String format(Instant instant) {
    long seconds = instant.getEpochSecond();
    if (seconds < MIN_SECOND || seconds > MAX_SECOND) {
      return instant.toString();
    }
    LocalDateTime at = LocalDateTime.ofEpochSecond(seconds, 0, ZoneOffset.UTC);
    StringBuilder out = new StringBuilder(30);
    digits(out, at.getYear(), 4).append('-');
    digits(out, at.getMonthValue(), 2).append('-');
    digits(out, at.getDayOfMonth(), 2).append('T');
    digits(out, at.getHour(), 2).append(':');
    digits(out, at.getMinute(), 2).append(':');
    digits(out, at.getSecond(), 2);
    int nano = instant.getNano();
    if (nano != 0) {
      out.append('.');
      if (nano % 1_000_000 == 0) {
        digits(out, nano / 1_000_000, 3);
      } else if (nano % 1_000 == 0) {
        digits(out, nano / 1_000, 6);
      } else {
        digits(out, nano, 9);
      }
    }
    return out.append('Z').toString();
  }

  private static StringBuilder digits(StringBuilder out, int value, int width) {
    for (int divisor = pow10(width - 1); divisor > 0; divisor /= 10) {
      out.append((char) ('0' + value / divisor % 10));
    }
    return out;
  }

  private static int pow10(int exponent) {
    int result = 1;
    for (int i = 0; i < exponent; i++) {
      result *= 10;
    }
    return result;
  }

  /**
   * The common shape read by hand; null when {@code text} has another shape or a field out of
   * range, for the JDK to read (or reject). An offset other than {@code Z} only when {@code
   * offsets}: {@link Instant#parse} accepts offsets, but its treatment of them is left to it.
   */
  private static OffsetDateTime fast(CharSequence text, boolean offsets) {
    int length = text.length();
    if (length < SHORTEST
        || text.charAt(4) != '-'
        || text.charAt(7) != '-'
        || text.charAt(10) != 'T'
        || text.charAt(13) != ':'
        || text.charAt(16) != ':') {
      return null;
    }
    int year = number(text, 0, 4);
    int month = number(text, 5, 7);
    int day = number(text, 8, 10);
    int hour = number(text, 11, 13);
    int minute = number(text, 14, 16);
    int second = number(text, 17, 19);
    if (year < 0 || month < 0 || day < 0 || hour < 0 || hour > 23 || minute < 0 || minute > 59) {
      return null;
    }
    if (second < 0 || second > 59) {
      return null;
    }
    int at = 19;
    int nano = 0;
    if (text.charAt(at) == '.') {
      int end = at + 1;
      while (end < length && end - at <= 9 && isDigit(text.charAt(end))) {
        end++;
      }
      int count = end - at - 1;
      if (count == 0 || (end < length && isDigit(text.charAt(end)))) {
        return null;
      }
      nano = number(text, at + 1, end) * pow10(9 - count);
      at = end;
    }
    ZoneOffset offset = offset(text, at, offsets);
    if (offset == null) {
      return null;
    }
    try {
      return OffsetDateTime.of(year, month, day, hour, minute, second, nano, offset);
    } catch (DateTimeException invalidDate) {
      return null; // e.g. 02-30: the JDK says what is wrong
    }
  }

  private static ZoneOffset offset(CharSequence text, int at, boolean offsets) {
    int length = text.length();
    if (at == length - 1 && text.charAt(at) == 'Z') {
      return ZoneOffset.UTC;
    }
    if (!offsets || at != length - 6 || text.charAt(at + 3) != ':') {
      return null;
    }
    char sign = text.charAt(at);
    int hours = number(text, at + 1, at + 3);
    int minutes = number(text, at + 4, at + 6);
    if ((sign != '+' && sign != '-') || hours < 0 || hours > 18 || minutes < 0 || minutes > 59) {
      return null;
    }
    try {
      return sign == '+'
          ? ZoneOffset.ofHoursMinutes(hours, minutes)
          : ZoneOffset.ofHoursMinutes(-hours, -minutes);
    } catch (DateTimeException outOfRange) {
      return null;
    }
  }

  /** The decimal number in {@code [from, to)}, or -1 when a character is not a digit. */
  private static int number(CharSequence text, int from, int to) {
    int value = 0;
    for (int i = from; i < to; i++) {
      char c = text.charAt(i);
      if (!isDigit(c)) {
        return -1;
      }
      value = value * 10 + (c - '0');
    }
    return value;
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }
}
