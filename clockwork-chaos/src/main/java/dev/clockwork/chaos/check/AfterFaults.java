package dev.clockwork.chaos.check;

import java.time.Instant;

/**
 * What a run's checks need to know of the time after its faults.
 *
 * @param normalFrom from when timers must fire on time again (I11): the faults' end plus a lease
 *     time, or later, when the backlog they left was worked off later; null to leave lateness
 *     unchecked (made-up observations without a recovery window)
 * @param deployedVersion the chaos machine version a rolling deploy (F7) brought; 0 without one
 */
public record AfterFaults(Instant normalFrom, int deployedVersion) {
  public static final AfterFaults NONE = new AfterFaults(null, 0);
}
