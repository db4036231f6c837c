package dev.clockwork.schedule.internal;

/**
 * The occurrences one tick may still evaluate ({@code maxTriggersPerTick}), shared by the
 * evaluations of a tick. A schedule is admitted to a tick only while the budget lasts, and its
 * admission reserves its first step, so a schedule evaluated costs at least one; its later due
 * steps need budget left. Buffered triggers drained and inherited triggers carried out cost a step
 * too but are never held back, as a schedule cannot stop half way through them.
 */
final class TickBudget {
  private int left;

  TickBudget(int left) {
    this.left = left;
  }

  /** Admits a schedule, reserving its first step; false when the budget is spent. */
  boolean admit() {
    if (left <= 0) {
      return false;
    }
    left--;
    return true;
  }

  /** True while a later step of an admitted schedule may be taken. */
  boolean hasLeft() {
    return left > 0;
  }

  /** Spends one step beyond a schedule's first. */
  void spend() {
    left--;
  }
}
