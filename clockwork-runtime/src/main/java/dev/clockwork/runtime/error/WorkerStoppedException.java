package dev.clockwork.runtime.error;

import dev.clockwork.core.ClockworkException;
import java.time.Duration;

/**
 * Why a region job gave up when its runs never came back: the workers running it stopped (were
 * killed, or hung past the job's lease) before they finished. Its class name is the {@code
 * exception} of such a job's {@code @fail} payload, its message the {@code error}.
 */
public final class WorkerStoppedException extends ClockworkException {
  private static final long serialVersionUID = 1L;

  /**
   * @param attempts the attempts used up
   * @param lease the job's lease, after which another worker took it over
   */
  public WorkerStoppedException(int attempts, Duration lease) {
    super(
        "the worker running the region job stopped before it finished (killed, or hung past the"
            + " job's lease of "
            + lease.toSeconds()
            + " s), "
            + attempts
            + (attempts == 1 ? " attempt" : " attempts")
            + " used; make the region's action finish within job_timeout, or raise job_tries");
  }
}
