package dev.clockwork.schedule.definition;

/**
 * What a tick does with occurrences that passed while no scheduler ran (a later occurrence is
 * already due when the tick sees the earlier one). Every occurrence that does not run is recorded
 * as skipped with its reason.
 */
public enum CatchupPolicy {
  /**
   * Start one instance for the overdue occurrence, record the others as skipped ({@code
   * catchup_once}) and resume from now (the default; the seed's "fire once, then resume").
   */
  ONCE,
  /**
   * Trigger every missed occurrence within the catch-up window, oldest first, each under the
   * overlap policy; older ones are recorded as skipped ({@code outside_catchup_window}).
   */
  ALL,
  /**
   * Trigger none of the missed occurrences (each recorded as skipped, {@code catchup_skip}); only
   * the latest due occurrence runs.
   */
  SKIP;

  /** The policy for text such as {@code once}, {@code ALL} or {@code skip}. */
  public static CatchupPolicy parse(String text) {
    return WireNames.parse(CatchupPolicy.class, "catch-up policy", text);
  }

  /** The wire form: {@code once}, {@code all}, {@code skip}. */
  public String wireName() {
    return WireNames.of(this);
  }
}
