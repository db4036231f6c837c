package dev.clockwork.runtime.internal.parallel;

import static dev.clockwork.core.definition.ParallelEvents.REGION_DONE;

import dev.clockwork.core.interpreter.Interpreter;
import dev.clockwork.core.interpreter.RegionWork;
import dev.clockwork.core.interpreter.Snapshot;
import dev.clockwork.runtime.error.EventTimeoutException;
import dev.clockwork.runtime.internal.Deliveries;
import dev.clockwork.runtime.internal.TimeoutWatchdog;
import dev.clockwork.runtime.store.RegionJob;
import java.time.Duration;
import java.time.Instant;

/**
 * A region job's entry actions, run on a copy of the instance's context without its lease, within
 * {@code job_timeout}: what overran it fails with an {@link EventTimeoutException}.
 */
final class RegionAction {
  private RegionAction() {}

  /**
   * Runs the region's entry actions, or throws {@code injected} in their place when not null (the
   * test kit's failure injection).
   */
  static RegionWork run(
      RegionJob job,
      Snapshot snapshot,
      Instant now,
      int attempt,
      Duration timeout,
      RuntimeException injected) {
    long started = System.nanoTime();
    try (TimeoutWatchdog.Watch watch = TimeoutWatchdog.watch(timeout)) {
      try {
        if (injected != null) {
          throw injected;
        }
        RegionWork work =
            Interpreter.runRegion(
                snapshot,
                job.initialState(),
                job.trigger(),
                now,
                Deliveries.of(job.instanceId(), 0, attempt));
        if (System.nanoTime() - started > timeout.toNanos()) {
          throw timedOut(started, timeout, null);
        }
        return work;
      } catch (RuntimeException e) {
        if (watch.fired()) {
          throw timedOut(started, timeout, e);
        }
        throw e;
      }
    }
  }

  private static EventTimeoutException timedOut(long started, Duration timeout, Throwable cause) {
    Duration took = Duration.ofNanos(System.nanoTime() - started);
    return new EventTimeoutException(REGION_DONE, took, timeout, cause);
  }
}
