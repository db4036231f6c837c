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

  /** Advances {@code clock} to {@code target}, firing {@code engine}'s timers in due order. */
  public static void advance(Engine engine, VirtualClock clock, Instant target) {
    if (target.isBefore(clock.instant())) {
      throw new IllegalArgumentException(
          "cannot travel back in time: it is " + clock.instant() + ", asked for " + target);
    }
    engine.fireDueTimers();
    while (true) {
      Optional<Instant> next = engine.nextTimerDue();
      if (next.isEmpty() || next.get().isAfter(target)) {
        break;
      }
      if (next.get().isAfter(clock.instant())) {
        clock.moveTo(next.get());
      }
      engine.fireDueTimers();
    }
    clock.moveTo(target);
  }
}
