package dev.clockwork.schedule.internal;

import dev.clockwork.schedule.definition.ScheduleSpec;
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
    return spec.next(after).map(canonical -> jittered(spec, canonical, jitterSeconds, random));
  }

  /**
   * The first fire of a schedule created at {@code created}: an overdue time date or cycle start,
   * due at once, else the first occurrence after it (see {@link ScheduleSpec#first}).
   */
  static Optional<Next> first(
      ScheduleSpec spec, long jitterSeconds, Instant created, RandomGenerator random) {
    return spec.first(created).map(canonical -> jittered(spec, canonical, jitterSeconds, random));
  }

  private static Next jittered(
      ScheduleSpec spec, Instant canonical, long jitterSeconds, RandomGenerator random) {
    long jitter = jitterSeconds == 0 ? 0 : roll(spec, canonical, jitterSeconds, random);
    return new Next(canonical, canonical.plusSeconds(jitter));
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
