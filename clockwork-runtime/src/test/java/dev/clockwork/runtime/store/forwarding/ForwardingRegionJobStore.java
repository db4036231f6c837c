package dev.clockwork.runtime.store.forwarding;

import dev.clockwork.runtime.store.JobClaim;
import dev.clockwork.runtime.store.JobLease;
import dev.clockwork.runtime.store.RegionJob;
import dev.clockwork.runtime.store.RegionJobStore;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A {@link RegionJobStore} that forwards every call to {@link #delegate()}: a fault-injecting or
 * watching store subclasses it and overrides only the calls it changes.
 */
public class ForwardingRegionJobStore implements RegionJobStore {
  private final RegionJobStore delegate;

  public ForwardingRegionJobStore(RegionJobStore delegate) {
    this.delegate = Objects.requireNonNull(delegate, "delegate");
  }

  /**
   * Where every call goes. Override it to act before each call (a store that has died throws here).
   */
  protected RegionJobStore delegate() {
    return delegate;
  }

  @Override
  public List<JobClaim> claim(
      String owner, Set<String> queues, Map<String, Duration> leaseTimes, int max, Instant now) {
    return delegate().claim(owner, queues, leaseTimes, max, now);
  }

  @Override
  public Optional<JobClaim> claimOne(
      String instanceId, long jobId, String owner, Duration leaseTime, Instant now) {
    return delegate().claimOne(instanceId, jobId, owner, leaseTime, now);
  }

  @Override
  public Optional<Instant> nextDue(Set<String> queues, Set<String> machines, Instant now) {
    return delegate().nextDue(queues, machines, now);
  }

  @Override
  public void awaitJobs(Duration max) throws InterruptedException {
    delegate().awaitJobs(max);
  }

  @Override
  public List<RegionJob> list(String instanceId) {
    return delegate().list(instanceId);
  }

  @Override
  public boolean retry(JobLease lease, int attempts, String error, Instant availableAt) {
    return delegate().retry(lease, attempts, error, availableAt);
  }

  @Override
  public boolean drop(JobLease lease) {
    return delegate().drop(lease);
  }
}
