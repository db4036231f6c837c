package dev.clockwork.core.time;

import java.time.DateTimeException;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.Period;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import org.threeten.extra.PeriodDuration;

/** Reads and writes the ISO 8601 texts of timers: durations and date-times, with clear errors. */
final class IsoText {
  static final String DURATION_EXAMPLES = "PT15S, PT1H30M, P14D or P3Y6M4DT12H30M5S";
  static final String DATE_TIME_EXAMPLES =
      "2019-10-01T12:00:00Z, 2019-10-02T08:09:40+02:00"
          + " or 2019-10-02T08:09:40+02:00[Europe/Berlin]";

  private IsoText() {}

  /** An ISO 8601 duration such as {@code P3Y6M4DT12H30M5S}; signs are kept. */
  static PeriodDuration duration(String text) {
    try {
      return PeriodDuration.parse(text.trim());
    } catch (DateTimeParseException e) {
      throw new InvalidTimerDefinitionException(
          "duration '" + text + "' is not an ISO 8601 duration; write e.g. " + DURATION_EXAMPLES);
    }
  }

  /** True when no part is negative and some part is not zero. */
  static boolean isPositive(PeriodDuration amount) {
    Period period = amount.getPeriod();
    return !amount.isZero()
        && period.getYears() >= 0
        && period.getMonths() >= 0
        && period.getDays() >= 0
        && !amount.getDuration().isNegative();
  }

  /** The amount, which a static timer (written in the definition) needs to be positive. */
  static PeriodDuration requirePositive(PeriodDuration amount, String text) {
    if (!isPositive(amount)) {
      throw new InvalidTimerDefinitionException(
          "duration '"
              + text
              + "': a static timer must be positive; write e.g. PT15S or P1D (every part zero or"
              + " more, at least one above zero)");
    }
    return amount;
  }

  /**
   * An absolute date-time: {@code Z}, an offset, or an offset plus {@code [Zone/Id]}. An offset
   * always gives the instant, as {@link ZonedDateTime#parse} reads it; a zone id written after it
   * gives the zone of the result (whose wall-clock time calendar arithmetic and cycles keep), even
   * when the zone was at another offset then: {@code 2022-01-01T10:00:00+02:00[Europe/Berlin]} is
   * 08:00Z, that is 09:00 Berlin time, as Berlin was at +01:00 that day. A zone id without an
   * offset is wall-clock time in that zone; a time in a gap or an overlap is resolved by {@link
   * DstPolicy#DEFAULT}. The zone of the result is the zone id when given, else the offset.
   */
  static ZonedDateTime dateTime(String text) {
    String main = text.trim();
    ZoneId zone = null;
    if (main.endsWith("]")) {
      int open = main.indexOf('[');
      if (open < 0) {
        throw notDateTime(text);
      }
      zone = zone(text, main.substring(open + 1, main.length() - 1));
      main = main.substring(0, open);
    }
    OffsetDateTime withOffset;
    try {
      withOffset = IsoInstants.parseOffsetDateTime(main);
    } catch (DateTimeParseException noOffset) {
      LocalDateTime local = local(text, main);
      if (zone == null) {
        throw new InvalidTimerDefinitionException(
            "date-time '"
                + text
                + "' has no offset or zone; write "
                + main
                + "Z or "
                + main
                + "+02:00 (or +02:00[Europe/Berlin])");
      }
      return ZonedDateTime.ofInstant(DstPolicy.DEFAULT.resolve(local, zone).get(0), zone);
    }
    return zone == null ? withOffset.toZonedDateTime() : withOffset.atZoneSameInstant(zone);
  }

  /** Canonical text: {@code 2019-10-01T12:00:00Z}, {@code ...+02:00[Europe/Berlin]}. */
  static String dateTimeText(ZonedDateTime dateTime) {
    String offset = DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(dateTime);
    return dateTime.getZone() instanceof ZoneOffset
        ? offset
        : offset + "[" + dateTime.getZone() + "]";
  }

  private static ZoneId zone(String text, String id) {
    try {
      return ZoneId.of(id);
    } catch (DateTimeException e) {
      throw new InvalidTimerDefinitionException(
          "date-time '"
              + text
              + "': unknown zone '"
              + id
              + "'; write a region id such as Europe/Berlin");
    }
  }

  private static LocalDateTime local(String text, String main) {
    try {
      return LocalDateTime.parse(main);
    } catch (DateTimeParseException e) {
      throw notDateTime(text);
    }
  }

  private static InvalidTimerDefinitionException notDateTime(String text) {
    return new InvalidTimerDefinitionException(
        "date-time '" + text + "' is not an ISO 8601 date-time; write e.g. " + DATE_TIME_EXAMPLES);
  }
}
