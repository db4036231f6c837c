package dev.clockwork.core.time;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.Month;
import java.util.BitSet;

/**
 * The compiled fields of a cron expression, matched against wall-clock date-times only: it knows
 * nothing of zones or DST, which {@link CronSchedule} handles.
 *
 * <p>Day-of-month and day-of-week combine as in the expression's dialect: in a 5-field (Unix)
 * expression where neither field starts with {@code *}, a day matches when either field matches (as
 * in Vixie cron and cronie); otherwise, and always for 6 fields (Spring), both must match.
 */
final class CronMatcher {
  private static final int SEARCH_YEARS = 400;

  private final BitSet seconds;
  private final BitSet minutes;
  private final BitSet hours;
  private final BitSet days;
  private final BitSet months;
  private final BitSet weekdays;
  private final boolean eitherDay;

  CronMatcher(BitSet[] fields, boolean eitherDay) {
    this.seconds = fields[0];
    this.minutes = fields[1];
    this.hours = fields[2];
    this.days = fields[3];
    this.months = fields[4];
    this.weekdays = fields[5];
    this.eitherDay = eitherDay;
  }

  /** Whether some date matches the day and month fields (February counts with 29 days). */
  boolean canFire() {
    if (eitherDay) {
      return true;
    }
    for (int m = months.nextSetBit(1); m >= 0; m = months.nextSetBit(m + 1)) {
      int first = days.nextSetBit(1);
      if (first >= 0 && first <= Month.of(m).maxLength()) {
        return true;
      }
    }
    return false;
  }

  boolean matches(LocalDateTime time) {
    return time.getNano() == 0
        && seconds.get(time.getSecond())
        && minutes.get(time.getMinute())
        && hours.get(time.getHour())
        && months.get(time.getMonthValue())
        && dayMatches(time.toLocalDate());
  }

  private boolean dayMatches(LocalDate date) {
    boolean day = days.get(date.getDayOfMonth());
    boolean weekday = weekdays.get(date.getDayOfWeek().getValue() % 7);
    return eitherDay ? day || weekday : day && weekday;
  }

  /**
   * The first matching date-time at or after {@code from}; null when none within 400 years (which
   * only happens near the end of the representable range, since {@link #canFire()} holds).
   */
  LocalDateTime firstAtOrAfter(LocalDateTime from) {
    LocalDateTime t = from.getNano() == 0 ? from : from.withNano(0).plusSeconds(1);
    int lastYear = t.getYear() + SEARCH_YEARS;
    while (t.getYear() <= lastYear) {
      int month = months.nextSetBit(t.getMonthValue());
      if (month < 0) {
        t = LocalDate.of(t.getYear() + 1, months.nextSetBit(1), 1).atStartOfDay();
        continue;
      }
      if (month != t.getMonthValue()) {
        t = LocalDate.of(t.getYear(), month, 1).atStartOfDay();
      }
      if (!dayMatches(t.toLocalDate())) {
        t = t.toLocalDate().plusDays(1).atStartOfDay();
        continue;
      }
      int hour = hours.nextSetBit(t.getHour());
      if (hour < 0) {
        t = t.toLocalDate().plusDays(1).atStartOfDay();
        continue;
      }
      if (hour != t.getHour()) {
        t = t.withHour(hour).withMinute(0).withSecond(0);
      }
      int minute = minutes.nextSetBit(t.getMinute());
      if (minute < 0) {
        t = t.withMinute(0).withSecond(0).plusHours(1);
        continue;
      }
      if (minute != t.getMinute()) {
        t = t.withMinute(minute).withSecond(0);
      }
      int second = seconds.nextSetBit(t.getSecond());
      if (second < 0) {
        t = t.withSecond(0).plusMinutes(1);
        continue;
      }
      return t.withSecond(second);
    }
    return null;
  }
}
