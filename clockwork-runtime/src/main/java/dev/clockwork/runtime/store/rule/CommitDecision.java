package dev.clockwork.runtime.store.rule;

import dev.clockwork.runtime.queue.Lease;
import dev.clockwork.runtime.store.CommitResult.Refusal;
import dev.clockwork.runtime.store.JobLease;
import dev.clockwork.runtime.store.StepCommit;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which groups of a batch of commits a store refuses, and why ({@link
 * dev.clockwork.runtime.store.WorkStore#commit}): a store reads what it holds for the instances and
 * region jobs the batch writes (under the lock its commit takes), then asks this. Commits are
 * decided in list order, each against what the batch's earlier commits leave: a commit whose
 * instance an earlier one inserts, or whose revision an earlier one raised, is judged against that.
 * A group's first refusal is its reason.
 */
public final class CommitDecision {
  private CommitDecision() {}

  /** What the store holds for the instances and region jobs a batch writes. */
  public interface Stored {
    /** True when an instance with this id exists (or another writer is inserting it). */
    boolean exists(String instanceId);

    /** True when {@code lease} is the lease that holds its instance (expired or not). */
    boolean leaseHolds(Lease lease);

    /** The stored revision of an instance {@link #leaseHolds a lease holds}. */
    long revision(String instanceId);

    /** True when {@code lease} is the lease that holds its region job (expired or not). */
    boolean jobLeaseHolds(JobLease lease);
  }

  /** The groups that cannot be written, each with its first reason; empty when all can. */
  public static Map<String, Refusal> decide(List<StepCommit> commits, Stored stored) {
    Map<String, Refusal> refused = new LinkedHashMap<>();
    Map<String, Long> revisions = new HashMap<>();
    Set<String> inserted = new HashSet<>();
    Set<Long> finished = new HashSet<>();
    for (StepCommit commit : commits) {
      String id = commit.instanceId();
      Refusal refusal = null;
      if (commit.insert()) {
        if (stored.exists(id) || !inserted.add(id)) {
          refusal = Refusal.DUPLICATE_ID;
        }
        revisions.put(id, commit.next().revision());
      } else if (!stored.leaseHolds(commit.lease())) {
        refusal = Refusal.LEASE_LOST;
      } else {
        long found = revisions.containsKey(id) ? revisions.get(id) : stored.revision(id);
        if (found != commit.next().revision() - 1) {
          refusal = Refusal.STALE_REVISION;
        }
        revisions.put(id, commit.next().revision());
      }
      JobLease job = commit.finishedJob();
      if (refusal == null
          && job != null
          && (!stored.jobLeaseHolds(job) || !finished.add(job.jobId()))) {
        refusal = Refusal.JOB_LOST;
      }
      if (refusal != null) {
        refused.putIfAbsent(commit.group(), refusal);
      }
    }
    return refused;
  }
}
