package dev.clockwork.runtime.store.memory;

import dev.clockwork.runtime.store.JobClaim;
import dev.clockwork.runtime.store.JobLease;
import dev.clockwork.runtime.store.RegionJob;
import dev.clockwork.runtime.store.RegionJobStore;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/** The in-memory store's region jobs role, over {@link MemoryJobs} under the store's lock. */
final class MemoryRegionJobs implements RegionJobStore {
  private final MemoryData data;

  MemoryRegionJobs(MemoryData data) {
    this.data = data;
  }

  @Override
  public List<JobClaim> claim(
      String owner, Set<String> queues, Map<String, Duration> leaseTimes, int max, Instant now) {
    synchronized (data) {
      return data.jobs.claim(owner, queues, leaseTimes, max, now);
    }
  }

  @Override
  public Optional<JobClaim> claimOne(
      String instanceId, long jobId, String owner, Duration leaseTime, Instant now) {
    synchronized (data) {
      return data.jobs.claimOne(instanceId, jobId, owner, leaseTime, now);
    }
  }

  @Override
  public Optional<Instant> nextDue(Set<String> queues, Set<String> machines, Instant now) {
    synchronized (data) {
      return data.jobs.nextDue(queues, machines, now);
    }
  }

  /**
   * {@inheritDoc}
   *
   * <p>On the store's lock, until the count of jobs stored or given back changes: the wake-ups of
   * enqueues and released leases, which share the lock, do not end the wait.
   */
  @Override
  public void awaitJobs(Duration max) throws InterruptedException {
    long deadline = System.nanoTime() + max.toNanos();
    synchronized (data) {
      long seen = data.jobs.signals();
      while (data.jobs.signals() == seen) {
        long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
        if (left <= 0) {
          return;
        }
        data.wait(left);
      }
    }
  }

  @Override
  public List<RegionJob> list(String instanceId) {
    synchronized (data) {
      return data.jobs.list(instanceId);
    }
  }

  @Override
  public boolean retry(JobLease lease, int attempts, String error, Instant availableAt) {
    synchronized (data) {
      boolean retried = data.jobs.retry(lease, attempts, error, availableAt);
      if (retried) {
        data.notifyAll();
      }
      return retried;
    }
  }

  @Override
  public boolean drop(JobLease lease) {
    synchronized (data) {
      return data.jobs.remove(lease);
    }
  }
}
