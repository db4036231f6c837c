package dev.clockwork.core.time;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * One-shot: fires once, {@code duration} after entry, exactly. A duration that is zero or negative
 * (possible only for computed timers) fires at once: the first due instant is the entry instant.
 */
record AfterSpec(Duration duration) implements TimeSpec {
  AfterSpec {
    Objects.requireNonNull(duration, "duration");
  }

  @Override
  public Optional<Instant> firstDue(Instant entered) {
    if (duration.isNegative() || duration.isZero()) {
      return Optional.of(entered);
    }
    return CalendarArithmetic.bounded(() -> entered.plus(duration));
  }

  @Override
  public Optional<Instant> nextDue(Instant entered, Instant due, Instant firedAt, int fires) {
    return Optional.empty();
  }

  @Override
  public int maxFires() {
    return 1;
  }

  @Override
  public boolean repeating() {
    return false;
  }

  @Override
  public String describe() {
    if (duration.isNegative() || duration.isZero()) {
      return "at once (computed " + duration + ")";
    }
    return "after " + Durations.format(duration);
  }
}
