package dev.clockwork.runtime.clock;

import dev.clockwork.runtime.Engine;
import java.time.Instant;
import java.util.Optional;

/**
 * Moves a virtual clock to a target instant, stopping at every due timer on the way so each fires
 * at its own due time (never early, never batched at the end).
 */
public final class TimeTravel {
  private TimeTravel() {}

  /**
   * Advances {@code clock} to {@code target}, stopping at every timer due and every retry that
   * becomes available on the way, so each is processed at its own instant.
   */
  public static void advance(Engine engine, VirtualClock clock, Instant target) {
    if (target.isBefore(clock.instant())) {
      throw new IllegalArgumentException(
          "cannot travel back in time: it is " + clock.instant() + ", asked for " + target);
    }
    engine.runDue();
    while (true) {
      Optional<Instant> next = engine.admin().nextDue();
      if (next.isEmpty() || next.get().isAfter(target)) {
        break;
      }
      boolean moved = next.get().isAfter(clock.instant());
      if (moved) {
        clock.moveTo(next.get());
      }
      int processed = engine.runDue();
      if (!moved && processed == 0) {
        break;
      }
    }
    clock.moveTo(target);
  }
}
