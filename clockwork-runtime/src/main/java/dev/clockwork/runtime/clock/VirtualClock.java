package dev.clockwork.runtime.clock;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A {@link Clock} that only moves when told to: tests, demos and benchmarks hand it to an engine
 * and advance it by hand, so days of timers pass in microseconds. Thread-safe; it never goes
 * backwards.
 */
public final class VirtualClock extends Clock {
  private final AtomicReference<Instant> now;
  private final ZoneId zone;

  private VirtualClock(AtomicReference<Instant> now, ZoneId zone) {
    this.now = now;
    this.zone = zone;
  }

  /** A clock standing at {@code start}, in UTC. */
  public static VirtualClock at(Instant start) {
    return new VirtualClock(new AtomicReference<>(start), ZoneOffset.UTC);
  }

  /** A clock standing at an ISO instant such as {@code 2026-01-01T00:00:00Z}. */
  public static VirtualClock at(String isoInstant) {
    return at(Instant.parse(isoInstant));
  }

  @Override
  public Instant instant() {
    return now.get();
  }

  @Override
  public ZoneId getZone() {
    return zone;
  }

  @Override
  public Clock withZone(ZoneId other) {
    return new VirtualClock(now, other);
  }

  /** Moves the clock forward by {@code duration} (zero is allowed; negative is not). */
  public Instant advance(Duration duration) {
    if (duration.isNegative()) {
      throw new IllegalArgumentException("a clock only moves forward; got " + duration);
    }
    return now.updateAndGet(current -> current.plus(duration));
  }

  /** Moves the clock to {@code target}, which must not be in its past. */
  public Instant moveTo(Instant target) {
    return now.updateAndGet(
        current -> {
          if (target.isBefore(current)) {
            throw new IllegalArgumentException(
                "a clock only moves forward: it is " + current + ", asked for " + target);
          }
          return target;
        });
  }
}
