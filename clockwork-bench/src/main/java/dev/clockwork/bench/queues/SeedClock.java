package dev.clockwork.bench.queues;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * The clock of the seeding engines: each set-up thread sets the instant its next enqueue is stamped
 * with. An event's enqueue time decides when its instance is claimed (claims serve the instance
 * whose head event has waited longest), so seeding with chosen instants fixes the order of the
 * drain, whatever order the set-up threads happen to run in, and lets events added later to a copy
 * of a seed sit between the ones already there.
 */
final class SeedClock extends Clock {
  private final ThreadLocal<Instant> now;

  SeedClock(Instant start) {
    this.now = ThreadLocal.withInitial(() -> start);
  }

  void set(Instant instant) {
    now.set(instant);
  }

  @Override
  public Instant instant() {
    return now.get();
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    throw new UnsupportedOperationException("the seed clock is UTC only");
  }
}
