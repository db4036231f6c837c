package dev.clockwork.core.time;

import java.time.Duration;
import java.time.ZoneId;
import java.util.Objects;

/**
 * Builds every kind of {@link TimeSpec}. The static timers (written in a definition) must be
 * positive; computed ones ({@link #fromValue}) may be zero or negative, meaning "fire at once".
 * Every method throws {@link InvalidTimerDefinitionException} naming the bad text and showing a
 * correct example.
 */
public final class TimeSpecs {
  private TimeSpecs() {}

  /** One-shot, exactly {@code duration} after entry. */
  public static TimeSpec after(Duration duration) {
    return new AfterSpec(positive("after", duration));
  }

  /** One-shot, exactly {@code timer} after entry. */
  public static TimeSpec after(Timer timer) {
    return new AfterSpec(Objects.requireNonNull(timer, "timer").toDuration());
  }

  /** Repeating every {@code period}, counted from entry and then from each processed fire. */
  public static TimeSpec every(Duration period) {
    return new EverySpec(positive("every", period));
  }

  /** Repeating every {@code timer}, counted from entry and then from each processed fire. */
  public static TimeSpec every(Timer timer) {
    return new EverySpec(Objects.requireNonNull(timer, "timer").toDuration());
  }

  /**
   * One-shot ISO 8601 duration such as {@code PT15S} or {@code P3Y6M4DT12H30M5S}; the calendar part
   * is applied to the entry's wall-clock date-time in {@code zone}.
   */
  public static TimeSpec duration(String iso, ZoneId zone) {
    Objects.requireNonNull(zone, "zone");
    if (iso == null) {
      throw new InvalidTimerDefinitionException(
          "duration 'null' is missing; write e.g. " + IsoText.DURATION_EXAMPLES);
    }
    return new IsoDurationSpec(IsoText.requirePositive(IsoText.duration(iso), iso), zone);
  }

  /**
   * One-shot at an absolute date-time: {@code 2019-10-01T12:00:00Z}, {@code
   * 2019-10-02T08:09:40+02:00} or {@code 2019-10-02T08:09:40+02:00[Europe/Berlin]}. An offset gives
   * the instant, even when the zone id after it was at another offset then; a zone id alone gives
   * wall-clock time in that zone.
   */
  public static TimeSpec at(String iso) {
    if (iso == null) {
      throw new InvalidTimerDefinitionException(
          "date-time 'null' is missing; write e.g. " + IsoText.DATE_TIME_EXAMPLES);
    }
    return new AtSpec(IsoText.dateTime(iso));
  }

  /**
   * Repeating ISO 8601 interval {@code R[n]/[start/]duration}; {@code zone} holds the calendar part
   * when there is no start (a start brings its own zone). See {@link RepeatingInterval}.
   */
  public static TimeSpec cycle(String iso, ZoneId zone) {
    Objects.requireNonNull(zone, "zone");
    return new CycleSpec(RepeatingInterval.parse(iso), zone);
  }

  /** A cron schedule; see {@link CronSchedule}. */
  public static TimeSpec cron(String expression, ZoneId zone, DstPolicy policy) {
    return CronSchedule.parse(expression, zone, policy);
  }

  /**
   * Converts a value computed from context when a state is entered: a {@link Duration}, a {@link
   * Timer}, a {@link Number} of milliseconds (a fraction is rounded up to the nanosecond), an
   * {@link java.time.Instant}, {@link java.time.OffsetDateTime} or {@link java.time.ZonedDateTime}
   * (one-shot at that instant), a {@link TimeSpec} (returned as is), or a String holding an ISO
   * 8601 duration, an ISO 8601 date-time, a repeating interval, a cron expression (5 or more
   * fields, or a macro; {@link DstPolicy#DEFAULT}) or a duration such as "5 minutes" ({@link
   * Durations#parse}). Unlike static timers, a duration that is zero or negative is allowed and
   * means "fire at once": the first due instant is the entry instant.
   *
   * @param zone the zone of calendar parts and cron fields
   * @throws InvalidTimerDefinitionException naming the value and the accepted forms
   */
  public static TimeSpec fromValue(Object value, ZoneId zone) {
    return ComputedTimers.from(value, Objects.requireNonNull(zone, "zone"));
  }

  private static Duration positive(String kind, Duration duration) {
    if (duration == null || duration.isNegative() || duration.isZero()) {
      throw new InvalidTimerDefinitionException(
          kind
              + "("
              + duration
              + "): a static timer must be positive; '"
              + duration
              + "' never waits; write e.g. Duration.ofSeconds(30) or Timer.minutes(5)");
    }
    return duration;
  }
}
