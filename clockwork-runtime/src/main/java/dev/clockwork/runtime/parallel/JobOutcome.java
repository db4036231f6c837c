package dev.clockwork.runtime.parallel;

/** What became of one run of a region job. */
public enum JobOutcome {
  /**
   * Its result was processed by the instance, and the job deleted with it: applied, or — when the
   * instance moved on while the action ran — recorded as discarded ({@code
   * PARALLEL_REGION_GUARD_ABORT}).
   */
  APPLIED,
  /** Not run: the instance had already left the state entry the job was made for (deleted). */
  DISCARDED,
  /** The attempt failed; the job runs again after the backoff. */
  RETRYING,
  /** The last attempt failed: the parallel state's {@code @fail} was applied, the job deleted. */
  GAVE_UP,
  /** Not run: the machine's queue is paused; the job waits and runs once it is resumed. */
  PAUSED,
  /**
   * Handed back unspent (not counted as an attempt): interrupted by the engine's shutdown, to run
   * again at once, or the store failed while the job's own bookkeeping was read or written, to run
   * again a second later.
   */
  GIVEN_BACK,
  /** Its commit was refused: another worker took the job over, or finished it first. */
  LOST
}
