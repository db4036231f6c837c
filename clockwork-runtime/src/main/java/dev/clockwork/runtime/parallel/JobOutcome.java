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
  /** Interrupted by the engine's shutdown: handed back unspent, to run again at once. */
  GIVEN_BACK,
  /** Its commit was refused: another worker took the job over, or finished it first. */
  LOST
}
