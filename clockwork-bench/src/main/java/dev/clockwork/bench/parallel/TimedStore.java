package dev.clockwork.bench.parallel;

import dev.clockwork.runtime.queue.Lease;
import dev.clockwork.runtime.store.Claim;
import dev.clockwork.runtime.store.ClaimRequest;
import dev.clockwork.runtime.store.CommitResult;
import dev.clockwork.runtime.store.InstanceRecord;
import dev.clockwork.runtime.store.InstanceStore;
import dev.clockwork.runtime.store.JobClaim;
import dev.clockwork.runtime.store.JobLease;
import dev.clockwork.runtime.store.QueueAdminStore;
import dev.clockwork.runtime.store.RegionJobStore;
import dev.clockwork.runtime.store.StepCommit;
import dev.clockwork.runtime.store.Store;
import dev.clockwork.runtime.store.WorkStore;
import dev.clockwork.runtime.store.forwarding.ForwardingInstanceStore;
import dev.clockwork.runtime.store.forwarding.ForwardingQueueAdminStore;
import dev.clockwork.runtime.store.forwarding.ForwardingRegionJobStore;
import dev.clockwork.runtime.store.forwarding.ForwardingStore;
import dev.clockwork.runtime.store.forwarding.ForwardingWorkStore;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * A store whose calls on a region job's path are timed for {@link JobTimings}, each under the name
 * the report gives it: the instance read ({@code find}), the paused check ({@code isPaused}),
 * instance claims, leases, renewals, releases and commits, broadcast delivery, and the region jobs'
 * claims, retries and drops ({@code claimJobs}, {@code retryJob}, {@code dropJob}). Every other
 * call goes to the store untimed.
 */
final class TimedStore extends ForwardingStore {
  private final JobTimings timings;
  private final InstanceStore instances;
  private final WorkStore work;
  private final QueueAdminStore queueAdmin;
  private final RegionJobStore regionJobs;

  TimedStore(Store store, JobTimings timings) {
    super(store);
    this.timings = timings;
    this.instances =
        new ForwardingInstanceStore(store.instances()) {
          @Override
          public Optional<InstanceRecord> find(String instanceId) {
            return timed("find", () -> super.find(instanceId));
          }
        };
    this.queueAdmin =
        new ForwardingQueueAdminStore(store.queueAdmin()) {
          @Override
          public boolean isPaused(String machine) {
            return timed("isPaused", () -> super.isPaused(machine));
          }
        };
    this.work = new TimedWork(store.work());
    this.regionJobs = new TimedRegionJobs(store.regionJobs());
  }

  private <T> T timed(String name, Supplier<T> call) {
    return timings.timed(name, call);
  }

  private final class TimedWork extends ForwardingWorkStore {
    TimedWork(WorkStore store) {
      super(store);
    }

    @Override
    public List<Claim> claim(ClaimRequest request) {
      return timed("claim", () -> super.claim(request));
    }

    @Override
    public Optional<Claim> lease(String instanceId, String owner, Duration leaseTime, Instant now) {
      return timed("lease", () -> super.lease(instanceId, owner, leaseTime, now));
    }

    @Override
    public Optional<Lease> renew(Lease lease, Instant newExpiry) {
      return timed("renew", () -> super.renew(lease, newExpiry));
    }

    @Override
    public void release(Lease lease) {
      timed(
          "release",
          () -> {
            super.release(lease);
            return null;
          });
    }

    @Override
    public CommitResult commit(List<StepCommit> commits) {
      return timed("commit", () -> super.commit(commits));
    }

    @Override
    public int deliverBroadcasts(Instant now, int pageSize) {
      return timed("deliverBroadcasts", () -> super.deliverBroadcasts(now, pageSize));
    }
  }

  private final class TimedRegionJobs extends ForwardingRegionJobStore {
    TimedRegionJobs(RegionJobStore store) {
      super(store);
    }

    @Override
    public List<JobClaim> claim(
        String owner, Set<String> queues, Map<String, Duration> leaseTimes, int max, Instant now) {
      return timed("claimJobs", () -> super.claim(owner, queues, leaseTimes, max, now));
    }

    @Override
    public boolean retry(JobLease lease, int attempts, String error, Instant availableAt) {
      return timed("retryJob", () -> super.retry(lease, attempts, error, availableAt));
    }

    @Override
    public boolean drop(JobLease lease) {
      return timed("dropJob", () -> super.drop(lease));
    }
  }

  @Override
  public InstanceStore instances() {
    return instances;
  }

  @Override
  public WorkStore work() {
    return work;
  }

  @Override
  public QueueAdminStore queueAdmin() {
    return queueAdmin;
  }

  @Override
  public RegionJobStore regionJobs() {
    return regionJobs;
  }
}
