package dev.clockwork.runtime.store.memory;

import dev.clockwork.runtime.queue.Lease;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.Claim;
import dev.clockwork.runtime.store.ClaimRequest;
import dev.clockwork.runtime.store.CommitResult;
import dev.clockwork.runtime.store.InstanceRecord;
import dev.clockwork.runtime.store.StepCommit;
import dev.clockwork.runtime.store.WorkStore;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The in-memory store's work role: claims, leases, commits, broadcasts. Every write that may make
 * work available wakes whoever {@linkplain #awaitWork waits} on the store's lock.
 */
final class MemoryWork implements WorkStore {
  private final MemoryData data;

  MemoryWork(MemoryData data) {
    this.data = data;
  }

  @Override
  public List<Claim> claim(ClaimRequest request) {
    synchronized (data) {
      return new MemoryClaims(data).claim(request);
    }
  }

  @Override
  public Optional<Claim> lease(String instanceId, String owner, Duration leaseTime, Instant now) {
    synchronized (data) {
      if (data.isLeased(instanceId, now) || !data.instances.containsKey(instanceId)) {
        return Optional.empty();
      }
      Lease lease = data.newLease(instanceId, owner, now.plus(leaseTime));
      return Optional.of(new Claim(lease, data.instances.get(instanceId), List.of()));
    }
  }

  @Override
  public Optional<Lease> renew(Lease lease, Instant newExpiry) {
    synchronized (data) {
      if (!data.holds(lease)) {
        return Optional.empty();
      }
      Lease renewed = lease.renewedUntil(newExpiry);
      data.leases.put(lease.instanceId(), renewed);
      return Optional.of(renewed);
    }
  }

  @Override
  public void release(Lease lease) {
    synchronized (data) {
      if (data.holds(lease)) {
        data.leases.remove(lease.instanceId());
        data.notifyAll();
      }
    }
  }

  @Override
  public CommitResult commit(List<StepCommit> commits) {
    synchronized (data) {
      CommitResult result = new MemoryCommits(data).commit(commits);
      data.notifyAll();
      return result;
    }
  }

  @Override
  public int deliverBroadcasts(Instant now, int pageSize) {
    synchronized (data) {
      int queued = 0;
      BroadcastOutbox.Pending next;
      while ((next = data.broadcasts.oldest()) != null) {
        List<String> page =
            data.instancesIn(
                next.request.machine(),
                next.request.state(),
                next.request.namespace(),
                next.afterId,
                pageSize);
        for (String id : page) {
          InstanceRecord target = data.instances.get(id);
          data.enqueue(
              QueuedEvent.of(id, target.machine(), next.request.event(), "broadcast", now)
                  .withPriority(next.request.priority())
                  .withConversationId(target.conversationId()));
          queued++;
        }
        if (page.size() < pageSize) {
          data.broadcasts.delivered();
        } else {
          next.afterId = page.get(page.size() - 1);
        }
      }
      if (queued > 0) {
        data.notifyAll();
      }
      return queued;
    }
  }

  @Override
  public Optional<Instant> nextDue(Instant now, Set<String> machines, Set<String> queues) {
    synchronized (data) {
      for (var it = data.due.soonestFirst(); it.hasNext(); ) {
        DueIndex.Due due = it.next();
        InstanceRecord record = data.instances.get(due.instanceId());
        String machine = record.machine();
        if (!data.isLeased(due.instanceId(), now)
            && !data.paused.contains(machine)
            && (machines == null || machines.contains(machine))
            && (queues == null || queues.contains(record.metadata().queue()))) {
          return Optional.of(due.at());
        }
      }
      return Optional.empty();
    }
  }

  @Override
  public void awaitWork(Duration max) throws InterruptedException {
    synchronized (data) {
      data.wait(Math.max(1, max.toMillis()));
    }
  }
}
