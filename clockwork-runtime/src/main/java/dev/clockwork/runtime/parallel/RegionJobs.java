package dev.clockwork.runtime.parallel;

import dev.clockwork.runtime.store.JobClaim;
import dev.clockwork.runtime.store.RegionJob;
import dev.clockwork.runtime.store.Store;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

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
 */
public final class RegionJobs {
  private final Store store;
  private final Clock clock;
  private final RegionJobRunner runner;
  private final String owner;
  private final Supplier<Duration> leaseTime;
  private final Supplier<Set<String>> machines;

  /**
   * @param machines the machines this engine runs: jobs of others are left to the nodes that do
   */
  public RegionJobs(
      Store store,
      Clock clock,
      RegionJobRunner runner,
      String owner,
      Supplier<Duration> leaseTime,
      Supplier<Set<String>> machines) {
    this.machines = machines;
    this.store = store;
    this.clock = clock;
    this.runner = runner;
    this.owner = owner;
    this.leaseTime = leaseTime;
  }

  /** The stored jobs of an instance (every instance when null), waiting or running, by id. */
  public List<RegionJob> pending(String instanceId) {
    return store.regionJobs().list(instanceId);
  }

  /**
   * Runs {@code job} (one of {@link #pending}) now, if it is available (not leased, its retry due).
   *
   * @throws IllegalArgumentException when there is no such job, or it is not available now
   */
  public JobOutcome run(RegionJob job) {
    return runner.run(claim(job), null);
  }

  /**
   * Runs {@code job} now with {@code error} thrown in place of its entry actions: the attempt fails
   * as if the action had thrown it (retried after the backoff, or, on the last attempt, the
   * parallel state's {@code @fail}).
   */
  public JobOutcome fail(RegionJob job, RuntimeException error) {
    return runner.run(claim(job), Objects.requireNonNull(error, "error"));
  }

  /**
   * Runs every job that is available now, one at a time, oldest first, including jobs that become
   * available while they run (a region entered by another's result), until none is left.
   *
   * @return the outcome of each run, in order
   */
  public List<JobOutcome> runAvailable() {
    List<JobOutcome> outcomes = new ArrayList<>();
    while (true) {
      List<JobClaim> claims =
          store
              .regionJobs()
              .claim(owner, null, machines.get(), 1, leaseTime.get(), clock.instant());
      if (claims.isEmpty()) {
        return outcomes;
      }
      outcomes.add(runner.run(claims.get(0), null));
    }
  }

  private JobClaim claim(RegionJob job) {
    Optional<JobClaim> claim =
        store
            .regionJobs()
            .claimOne(job.instanceId(), job.id(), owner, leaseTime.get(), clock.instant());
    if (claim.isEmpty()) {
      throw new IllegalArgumentException(
          "region job "
              + job.id()
              + " of '"
              + job.instanceId()
              + "' is not available: it does not exist, another run holds it, or its retry is not"
              + " due yet; see pending(instanceId)");
    }
    return claim.get();
  }
}
