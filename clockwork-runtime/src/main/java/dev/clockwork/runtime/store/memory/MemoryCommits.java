package dev.clockwork.runtime.store.memory;

import dev.clockwork.runtime.instance.NamespacedIds;
import dev.clockwork.runtime.queue.Lease;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.BroadcastRequest;
import dev.clockwork.runtime.store.CommitResult;
import dev.clockwork.runtime.store.CommitResult.Refusal;
import dev.clockwork.runtime.store.JobLease;
import dev.clockwork.runtime.store.StepCommit;
import dev.clockwork.runtime.store.rule.CommitDecision;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes a batch of commits on the in-memory store as the contract says: decide every group first
 * ({@link CommitDecision}: lease, revision, duplicate ids, the lease of the region job a commit
 * finishes), then write the accepted groups — inserts, then updates with the region jobs they
 * dispatch or finish, then outgoing events — so nothing is half-written.
 */
final class MemoryCommits {
  private static final Logger LOG = LoggerFactory.getLogger(MemoryCommits.class);

  private final MemoryData data;

  MemoryCommits(MemoryData data) {
    this.data = data;
  }

  CommitResult commit(List<StepCommit> commits) {
    Map<String, Refusal> refused = decide(commits);
    List<StepCommit> accepted = new ArrayList<>(commits.size());
    for (StepCommit commit : commits) {
      if (!refused.containsKey(commit.group())) {
        commit.checkWritable();
        accepted.add(commit);
      }
    }
    for (StepCommit commit : accepted) {
      if (commit.insert()) {
        String id = commit.instanceId();
        data.instances.put(id, commit.next());
        data.histories.put(id, new ArrayList<>(commit.history()));
      }
    }
    for (StepCommit commit : accepted) {
      if (!commit.insert()) {
        update(commit);
      }
      commit
          .outcomes()
          .forEach(
              o -> {
                String key = MemoryData.keyOf(o.instanceId(), o.key());
                data.outcomes.put(key, o.outcome());
                data.keyTimes.putIfAbsent(key, commit.next().updatedAt());
                if (o.fingerprint() != null) {
                  data.fingerprints.putIfAbsent(key, o.fingerprint());
                }
              });
      for (BroadcastRequest broadcast : commit.broadcasts()) {
        data.broadcasts.add(broadcast);
      }
      if (commit.finishedJob() != null) {
        data.jobs.remove(commit.finishedJob());
      }
      commit.jobs().forEach(data.jobs::add);
    }
    for (StepCommit commit : accepted) {
      for (QueuedEvent event : commit.outgoing()) {
        if (data.instances.containsKey(event.instanceId())) {
          data.enqueue(event);
        } else {
          LOG.warn(
              "dropped {} for '{}': no such instance",
              event.event().type(),
              NamespacedIds.readable(event.instanceId()));
        }
      }
      data.reindex(commit.instanceId());
    }
    return new CommitResult(refused);
  }

  /** The groups that cannot be written, each with its first reason: the one commit decision. */
  private Map<String, Refusal> decide(List<StepCommit> commits) {
    return CommitDecision.decide(
        commits,
        new CommitDecision.Stored() {
          @Override
          public boolean exists(String instanceId) {
            return data.instances.containsKey(instanceId);
          }

          @Override
          public boolean leaseHolds(Lease lease) {
            return data.holds(lease);
          }

          @Override
          public long revision(String instanceId) {
            return data.instances.get(instanceId).revision();
          }

          @Override
          public boolean jobLeaseHolds(JobLease lease) {
            return data.jobs.holds(lease);
          }
        });
  }

  private void update(StepCommit commit) {
    String id = commit.instanceId();
    data.instances.put(id, commit.next());
    data.histories.get(id).addAll(commit.history());
    TreeMap<Long, QueuedEvent> queue = data.queues.get(id);
    if (queue != null) {
      commit.consumed().forEach(queue::remove);
      for (QueuedEvent dead : commit.deadLettered()) {
        queue.remove(dead.id());
      }
      commit.retried().forEach(retry -> queue.put(retry.id(), retry));
      if (queue.isEmpty()) {
        data.queues.remove(id);
      }
    }
    commit.deadLettered().forEach(data.deadLetters::add);
    data.leases.remove(id);
  }
}
