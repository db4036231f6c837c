package dev.clockwork.runtime.parallel;

import dev.clockwork.runtime.store.RegionJob;
import java.util.List;

/**
 * The region jobs of parallel dispatch, to see and to run by hand: what is waiting, and one job run
 * now in the caller's thread (in the order a test chooses, or with a failure injected). An engine
 * whose region job threads are off (the test kit's) runs jobs only this way.
 *
 * <pre>{@code
 * List<RegionJob> waiting = engine.regionJobs().pending("order-1");
 * engine.regionJobs().run(waiting.get(1)); // payment first
 * engine.regionJobs().fail(waiting.get(0), new IllegalStateException("out of stock"));
 * }</pre>
 *
 * <p>Implemented by the engine ({@code Engine.regionJobs()}); not meant to be implemented by users.
 */
public interface RegionJobs {

  /** The stored jobs of an instance (every instance when null), waiting or running, by id. */
  List<RegionJob> pending(String instanceId);

  /**
   * Runs {@code job} (one of {@link #pending}) now, if it is available (not leased, its retry due).
   *
   * @throws IllegalArgumentException when there is no such job, or it is not available now
   */
  JobOutcome run(RegionJob job);

  /**
   * Runs {@code job} now with {@code error} thrown in place of its entry actions: the attempt fails
   * as if the action had thrown it (retried after the backoff, or, on the last attempt, the
   * parallel state's {@code @fail}).
   */
  JobOutcome fail(RegionJob job, RuntimeException error);

  /**
   * Runs every job that is available now, one at a time, oldest first, including jobs that become
   * available while they run (a region entered by another's result), until none is left.
   *
   * @return the outcome of each run, in order
   */
  List<JobOutcome> runAvailable();
}
