package dev.clockwork.core.time;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.regex.Pattern;

/**
 * Turns a value computed from context when a state is entered into a {@link TimeSpec}. Unlike
 * static timers, a computed duration that is zero or negative is allowed and fires at once.
 */
final class ComputedTimers {
  private static final String ACCEPTED =
      "accepted: a Duration, a Timer, a number of milliseconds, an Instant, OffsetDateTime or"
          + " ZonedDateTime, or a String holding an ISO 8601 duration (PT15S), date-time"
          + " (2019-10-01T12:00:00Z), repeating interval (R5/PT10S), cron expression"
          + " (0 0 9-17 * * MON-FRI) or a duration such as '5 minutes'";
  private static final Pattern CYCLE = Pattern.compile("R\\d*/.*");
  private static final Pattern ISO_DURATION = Pattern.compile("[-+]?[Pp].*");
  private static final Pattern DATE_TIME = Pattern.compile("[+-]?\\d{4,}-.*");
  private static final Pattern BLANKS = Pattern.compile("\\s+");

  private ComputedTimers() {}

  static TimeSpec from(Object value, ZoneId zone) {
    if (value instanceof TimeSpec) {
      return (TimeSpec) value;
    }
    if (value instanceof Duration) {
      return new AfterSpec((Duration) value);
    }
    if (value instanceof Timer) {
      return new AfterSpec(((Timer) value).toDuration());
    }
    if (value instanceof Number) {
      return new AfterSpec(Durations.ofMillis((Number) value));
    }
    if (value instanceof Instant) {
      return new AtSpec(ZonedDateTime.ofInstant((Instant) value, ZoneOffset.UTC));
    }
    if (value instanceof OffsetDateTime) {
      return new AtSpec(((OffsetDateTime) value).toZonedDateTime());
    }
    if (value instanceof ZonedDateTime) {
      return new AtSpec((ZonedDateTime) value);
    }
    if (value instanceof CharSequence) {
      return fromText(value.toString(), zone);
    }
    if (value instanceof LocalDateTime) {
      throw new InvalidTimerDefinitionException(
          "timer value "
              + value
              + " is a LocalDateTime, which has no offset or zone;"
              + " give an Instant, OffsetDateTime or ZonedDateTime instead");
    }
    String kind = value == null ? "null" : value + " (" + value.getClass().getName() + ")";
    throw new InvalidTimerDefinitionException(
        "timer value " + kind + " is not a timer; " + ACCEPTED);
  }

  private static TimeSpec fromText(String value, ZoneId zone) {
    String text = value.trim();
    if (text.startsWith("@") || BLANKS.split(text).length >= 5) {
      return CronSchedule.parse(text, zone);
    }
    if (CYCLE.matcher(text).matches()) {
      return new CycleSpec(RepeatingInterval.parse(text), zone);
    }
    if (ISO_DURATION.matcher(text).matches()) {
      return new IsoDurationSpec(IsoText.duration(text), zone);
    }
    if (DATE_TIME.matcher(text).matches()) {
      return new AtSpec(IsoText.dateTime(text));
    }
    try {
      return new AfterSpec(Durations.parse(text));
    } catch (InvalidTimerDefinitionException notADuration) {
      throw new InvalidTimerDefinitionException(
          "timer value '" + value + "' is not understood; " + ACCEPTED);
    }
  }
}
