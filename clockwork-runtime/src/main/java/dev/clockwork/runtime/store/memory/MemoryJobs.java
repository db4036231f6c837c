package dev.clockwork.runtime.store.memory;

import dev.clockwork.runtime.store.JobClaim;
import dev.clockwork.runtime.store.JobLease;
import dev.clockwork.runtime.store.RegionJob;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;

/**
 * The in-memory store's region jobs (parallel dispatch), by id, each with the lease that holds it,
 * if any. A lease stays valid after it expires until a claim takes the job over, as instance leases
 * do. Not thread-safe: the store calls it under its own lock.
 */
final class MemoryJobs {
  /** A stored job and its lease (null when no worker holds it). */
  private record Stored(RegionJob job, JobLease lease) {
    boolean leasedAt(Instant now) {
      return lease != null && lease.expiresAt().isAfter(now);
    }

    boolean routedTo(Set<String> queues) {
      return queues == null || queues.contains(job.queueName());
    }
  }

  private static final Comparator<RegionJob> LONGEST_AVAILABLE_FIRST =
      Comparator.comparing(RegionJob::availableAt).thenComparingLong(RegionJob::id);

  private final TreeMap<Long, Stored> jobs = new TreeMap<>();
  private long lastId;
  private long signals;

  /** How many times a job became claimable (stored or given back): a waiter watches it change. */
  long signals() {
    return signals;
  }

  /** Stores a job under a new id (the id it carries is ignored). */
  RegionJob add(RegionJob job) {
    RegionJob stored = job.withId(++lastId);
    signals++;
    jobs.put(stored.id(), new Stored(stored, null));
    return stored;
  }

  /** True while {@code lease} is the one holding its job (expired or not). */
  boolean holds(JobLease lease) {
    Stored stored = jobs.get(lease.jobId());
    return stored != null
        && stored.lease() != null
        && stored.lease().token().equals(lease.token())
        && stored.job().instanceId().equals(lease.instanceId());
  }

  /** See {@code RegionJobStore.claim}. */
  List<JobClaim> claim(
      String owner, Set<String> queues, Map<String, Duration> leaseTimes, int max, Instant now) {
    List<RegionJob> ready = new ArrayList<>();
    for (Stored stored : jobs.values()) {
      if (!stored.job().availableAt().isAfter(now)
          && !stored.leasedAt(now)
          && stored.routedTo(queues)
          && leaseTimes.containsKey(stored.job().machine())) {
        ready.add(stored.job());
      }
    }
    ready.sort(LONGEST_AVAILABLE_FIRST);
    List<JobClaim> claims = new ArrayList<>();
    for (RegionJob job : ready.subList(0, Math.max(0, Math.min(max, ready.size())))) {
      claims.add(lease(job, owner, now.plus(leaseTimes.get(job.machine()))));
    }
    return claims;
  }

  /** See {@code RegionJobStore.claimOne}. */
  Optional<JobClaim> claimOne(
      String instanceId, long jobId, String owner, Duration leaseTime, Instant now) {
    Stored stored = jobs.get(jobId);
    if (stored == null
        || !stored.job().instanceId().equals(instanceId)
        || stored.job().availableAt().isAfter(now)
        || stored.leasedAt(now)) {
      return Optional.empty();
    }
    return Optional.of(lease(stored.job(), owner, now.plus(leaseTime)));
  }

  /** Leases {@code job} until {@code expiresAt}, counting an attempt. */
  private JobClaim lease(RegionJob job, String owner, Instant expiresAt) {
    RegionJob leased = job.leased(expiresAt);
    JobLease lease = new JobLease(job.id(), job.instanceId(), owner, UUID.randomUUID(), expiresAt);
    jobs.put(job.id(), new Stored(leased, lease));
    return new JobClaim(lease, leased);
  }

  /** See {@code RegionJobStore.nextDue}. */
  Optional<Instant> nextDue(Set<String> queues, Set<String> machines, Instant now) {
    return jobs.values().stream()
        .filter(stored -> stored.routedTo(queues))
        .filter(stored -> machines == null || machines.contains(stored.job().machine()))
        .map(stored -> stored.job().availableAt())
        .min(Comparator.naturalOrder());
  }

  /** The jobs of one instance (every instance when null), by id. */
  List<RegionJob> list(String instanceId) {
    return jobs.values().stream()
        .map(Stored::job)
        .filter(job -> instanceId == null || job.instanceId().equals(instanceId))
        .toList();
  }

  /** Records a failed attempt and gives the lease up; false when the lease is not valid. */
  boolean retry(JobLease lease, int attempts, String error, Instant availableAt) {
    if (!holds(lease)) {
      return false;
    }
    RegionJob job = jobs.get(lease.jobId()).job();
    jobs.put(job.id(), new Stored(job.failed(attempts, error, availableAt), null));
    signals++;
    return true;
  }

  /** Deletes every job of one instance, held or not; returns how many. */
  int removeAll(String instanceId) {
    int before = jobs.size();
    jobs.values().removeIf(stored -> stored.job().instanceId().equals(instanceId));
    return before - jobs.size();
  }

  /** Deletes the job {@code lease} holds; false when the lease is not valid. */
  boolean remove(JobLease lease) {
    if (!holds(lease)) {
      return false;
    }
    jobs.remove(lease.jobId());
    return true;
  }
}
