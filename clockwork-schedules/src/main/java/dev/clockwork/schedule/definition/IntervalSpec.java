package dev.clockwork.schedule.definition;

import dev.clockwork.core.time.Durations;
import dev.clockwork.core.time.InvalidTimerDefinitionException;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Fires every {@code every}, aligned on the Unix epoch and shifted by {@code offset}: {@code every
 * PT1H, offset PT5M} fires at :05 of every hour, whatever the zone. Intervals are absolute time;
 * the schedule's time zone does not move them.
 *
 * @param every the period, positive
 * @param offset the phase, zero or more and shorter than {@code every}
 */
public record IntervalSpec(Duration every, Duration offset) {
  private static final BigInteger NANOS_PER_SECOND = BigInteger.valueOf(1_000_000_000L);

  public IntervalSpec {
    if (every == null || every.isNegative() || every.isZero()) {
      throw new InvalidScheduleException(
          "interval every '" + every + "' must be positive; write e.g. PT30M or P1D");
    }
    offset = offset == null ? Duration.ZERO : offset;
    if (offset.isNegative() || offset.compareTo(every) >= 0) {
      throw new InvalidScheduleException(
          "interval offset '"
              + offset
              + "' must be zero or more and shorter than every '"
              + every
              + "'; write e.g. every PT1H with offset PT5M");
    }
  }

  /** An interval from ISO 8601 ({@code PT30M}) or human ({@code 30 minutes}) texts. */
  public static IntervalSpec of(String every, String offset) {
    return new IntervalSpec(
        duration("every", every), offset == null ? null : duration("offset", offset));
  }

  /** Every {@code every}, no offset. */
  public static IntervalSpec every(String every) {
    return of(every, null);
  }

  private static Duration duration(String field, String text) {
    try {
      return Durations.parse(text);
    } catch (InvalidTimerDefinitionException e) {
      throw new InvalidScheduleException("interval " + field + ": " + e.getMessage(), e);
    }
  }

  /** The first fire strictly after {@code after}. */
  public Instant next(Instant after) {
    Duration relative = Duration.between(Instant.EPOCH, after).minus(offset);
    try {
      long period = every.toNanos();
      long steps = Math.floorDiv(relative.toNanos(), period) + 1;
      return Instant.EPOCH.plusNanos(Math.multiplyExact(steps, period)).plus(offset);
    } catch (ArithmeticException beyondLongNanos) {
      return nextExact(relative); // more than 292 years from the epoch
    }
  }

  private Instant nextExact(Duration relativeToPhase) {
    BigInteger period = nanos(every);
    BigInteger relative = nanos(relativeToPhase);
    BigInteger steps = floorDiv(relative, period).add(BigInteger.ONE);
    BigInteger[] parts = steps.multiply(period).divideAndRemainder(NANOS_PER_SECOND);
    long seconds = parts[0].longValueExact();
    long nanos = parts[1].longValue();
    if (nanos < 0) {
      seconds -= 1;
      nanos += 1_000_000_000L;
    }
    return Instant.ofEpochSecond(seconds, nanos).plus(offset);
  }

  private static BigInteger nanos(Duration duration) {
    return BigInteger.valueOf(duration.getSeconds())
        .multiply(NANOS_PER_SECOND)
        .add(BigInteger.valueOf(duration.getNano()));
  }

  private static BigInteger floorDiv(BigInteger dividend, BigInteger divisor) {
    BigInteger[] qr = dividend.divideAndRemainder(divisor);
    return qr[1].signum() < 0 ? qr[0].subtract(BigInteger.ONE) : qr[0];
  }

  /** {@code {every: PT1H, offset: PT5M}}; the offset only when it is not zero. */
  public Map<String, Object> toMap() {
    Map<String, Object> map = new LinkedHashMap<>();
    map.put("every", every.toString());
    if (!offset.isZero()) {
      map.put("offset", offset.toString());
    }
    return map;
  }
}
