package dev.clockwork.core.time;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * Repeating, without catch-up: the first fire is {@code period} after entry, each next one {@code
 * period} after the previous fire was processed (not after it was due), so a late fire delays the
 * ones after it. Unbounded by itself; a transition adds its own maximum.
 */
record EverySpec(Duration period) implements TimeSpec {
  EverySpec {
    if (period == null || period.isNegative() || period.isZero()) {
      throw new InvalidTimerDefinitionException(
          "every(" + period + "): a static timer must be positive; write e.g. Duration.ofHours(6)");
    }
  }

  @Override
  public Optional<Instant> firstDue(Instant entered) {
    return CalendarArithmetic.bounded(() -> entered.plus(period));
  }

  @Override
  public Optional<Instant> nextDue(Instant entered, Instant due, Instant firedAt, int fires) {
    Instant processed = firedAt.isAfter(due) ? firedAt : due;
    return CalendarArithmetic.bounded(() -> processed.plus(period));
  }

  @Override
  public int maxFires() {
    return Integer.MAX_VALUE;
  }

  @Override
  public boolean repeating() {
    return true;
  }

  @Override
  public String describe() {
    return "every " + Durations.format(period);
  }
}
