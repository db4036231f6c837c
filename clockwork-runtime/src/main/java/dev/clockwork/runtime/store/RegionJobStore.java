package dev.clockwork.runtime.store;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The store's role that keeps parallel dispatch's region jobs: commits store them ({@link
 * StepCommit#jobs()}), region job workers lease, retry and drop them here (SPI: a role of {@link
 * Store}).
 */
public interface RegionJobStore {

  /**
   * Leases up to {@code max} region jobs routed to one of {@code queues} (every queue when null) of
   * one of the machines {@code leaseTimes} names that are available at {@code now} and that no
   * valid lease holds (expired leases are taken over), the longest available first. Each job is
   * leased for its own machine's time in {@code leaseTimes} (a job's lease must outlast its
   * machine's longest run, and only its own machine's). Jobs of one instance are leased to
   * different workers at once: they run concurrently.
   *
   * <p>A claim counts an attempt: the job comes back with {@code attempts} one higher (so a worker
   * that dies mid-job still used one up), and it is not available again before its lease expires
   * ({@code availableAt} is the lease's expiry).
   */
  List<JobClaim> claim(
      String owner, Set<String> queues, Map<String, Duration> leaseTimes, int max, Instant now);

  /**
   * Leases the region job {@code jobId} of {@code instanceId} when it is available at {@code now}
   * and no valid lease holds it (an expired one is taken over), counting an attempt as {@link
   * #claim} does; empty otherwise. For running a chosen job by hand.
   */
  Optional<JobClaim> claimOne(
      String instanceId, long jobId, String owner, Duration leaseTime, Instant now);

  /**
   * The earliest instant at which a region job of {@code queues} (every queue when null) and of
   * {@code machines} (every machine when null) may be claimed: when it is available, or, for a
   * leased job, when its lease expires. May be before {@code now}.
   */
  Optional<Instant> nextDue(Set<String> queues, Set<String> machines, Instant now);

  /**
   * Waits until a region job may have become claimable — stored by a commit, or given back by a
   * retry — or {@code max} passes: a hint, never a promise (the claimer also looks when the next
   * job falls due). Only job signals wake it, not every enqueue or released lease, so an idle
   * region job claimer costs the store nothing while events flow.
   */
  void awaitJobs(Duration max) throws InterruptedException;

  /** The stored region jobs of one instance (of every instance when null), by id. */
  List<RegionJob> list(String instanceId);

  /**
   * Gives a job back after an attempt: its attempt count (the claim's, for a failed attempt; one
   * less to hand it back uncounted) and last error, available again at {@code availableAt}, its
   * lease given up. False (nothing written) when the lease is no longer valid.
   */
  boolean retry(JobLease lease, int attempts, String error, Instant availableAt);

  /**
   * Deletes a job whose work is no longer wanted (its instance left the state it was made for).
   * False (nothing written) when the lease is no longer valid.
   */
  boolean drop(JobLease lease);
}
