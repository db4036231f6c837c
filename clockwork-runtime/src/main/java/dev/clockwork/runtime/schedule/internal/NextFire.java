package dev.clockwork.runtime.schedule.internal;

import dev.clockwork.runtime.schedule.definition.ScheduleSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * The next fire of a schedule: the canonical occurrence after an instant, and the fire time with
 * jitter, re-rolled at every computation. Jitter only ever delays, by whole seconds from 0 to
 * {@code jitter_seconds}, and never reaches the following occurrence.
 */
final class NextFire {
  /** A canonical occurrence and the (jittered) instant it fires at. */
  record Next(Instant occurrence, Instant fireAt) {}

  private NextFire() {}

  static Optional<Next> after(
      ScheduleSpec spec, long jitterSeconds, Instant after, RandomGenerator random) {
    Optional<Instant> occurrence = spec.next(after);
    if (occurrence.isEmpty()) {
      return Optional.empty();
    }
    Instant canonical = occurrence.get();
    long jitter = jitterSeconds == 0 ? 0 : roll(spec, canonical, jitterSeconds, random);
    return Optional.of(new Next(canonical, canonical.plusSeconds(jitter)));
  }

  private static long roll(
      ScheduleSpec spec, Instant canonical, long jitterSeconds, RandomGenerator random) {
    long bound = jitterSeconds;
    Optional<Instant> following = spec.next(canonical);
    if (following.isPresent()) {
      Duration gap = Duration.between(canonical, following.get());
      long below = gap.getNano() == 0 ? gap.getSeconds() - 1 : gap.getSeconds();
      bound = Math.min(bound, below);
    }
    return bound <= 0 ? 0 : random.nextLong(bound + 1);
  }
}
