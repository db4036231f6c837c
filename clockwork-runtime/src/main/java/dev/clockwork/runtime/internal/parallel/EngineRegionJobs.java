package dev.clockwork.runtime.internal.parallel;

import dev.clockwork.runtime.parallel.JobOutcome;
import dev.clockwork.runtime.parallel.RegionJobs;
import dev.clockwork.runtime.store.JobClaim;
import dev.clockwork.runtime.store.RegionJob;
import dev.clockwork.runtime.store.Store;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * An engine's {@link RegionJobs}: each run claims the job (or the next available one) under this
 * engine's owner and runs it in the caller's thread with the engine's {@link RegionJobRunner}.
 */
public final class EngineRegionJobs implements RegionJobs {
  private final Store store;
  private final Clock clock;
  private final RegionJobRunner runner;
  private final String owner;
  private final Supplier<Map<String, Duration>> leaseTimes;

  /**
   * @param leaseTimes the machines this engine runs, each with how long its jobs are leased: jobs
   *     of others are left to the nodes that do
   */
  public EngineRegionJobs(
      Store store,
      Clock clock,
      RegionJobRunner runner,
      String owner,
      Supplier<Map<String, Duration>> leaseTimes) {
    this.store = store;
    this.clock = clock;
    this.runner = runner;
    this.owner = owner;
    this.leaseTimes = leaseTimes;
  }

  @Override
  public List<RegionJob> pending(String instanceId) {
    return store.regionJobs().list(instanceId);
  }

  @Override
  public JobOutcome run(RegionJob job) {
    return runner.run(claim(job), null);
  }

  @Override
  public JobOutcome fail(RegionJob job, RuntimeException error) {
    return runner.run(claim(job), Objects.requireNonNull(error, "error"));
  }

  @Override
  public List<JobOutcome> runAvailable() {
    List<JobOutcome> outcomes = new ArrayList<>();
    while (true) {
      List<JobClaim> claims =
          store.regionJobs().claim(owner, null, leaseTimes.get(), 1, clock.instant());
      if (claims.isEmpty()) {
        return outcomes;
      }
      outcomes.add(runner.run(claims.get(0), null));
    }
  }

  private JobClaim claim(RegionJob job) {
    Duration leaseTime = leaseTimes.get().get(job.machine());
    if (leaseTime == null) {
      throw new IllegalArgumentException(
          "region job "
              + job.id()
              + " of '"
              + job.instanceId()
              + "' belongs to machine '"
              + job.machine()
              + "', which this engine does not run; register it, or run the job on a node that"
              + " does");
    }
    Optional<JobClaim> claim =
        store.regionJobs().claimOne(job.instanceId(), job.id(), owner, leaseTime, clock.instant());
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
