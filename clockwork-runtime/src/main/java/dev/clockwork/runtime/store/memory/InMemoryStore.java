package dev.clockwork.runtime.store.memory;

import dev.clockwork.core.interpreter.ArmedTimer;
import dev.clockwork.core.interpreter.InstanceStatus;
import dev.clockwork.runtime.audit.OperatorAction;
import dev.clockwork.runtime.error.UnknownInstanceException;
import dev.clockwork.runtime.instance.InstanceQuery;
import dev.clockwork.runtime.queue.DeadLetter;
import dev.clockwork.runtime.queue.EventStatus;
import dev.clockwork.runtime.queue.Lease;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.ActivitySample;
import dev.clockwork.runtime.store.Claim;
import dev.clockwork.runtime.store.ClaimRequest;
import dev.clockwork.runtime.store.CommitResult;
import dev.clockwork.runtime.store.ExpiredLease;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.IdempotencyRecord;
import dev.clockwork.runtime.store.InstanceRecord;
import dev.clockwork.runtime.store.JobClaim;
import dev.clockwork.runtime.store.JobLease;
import dev.clockwork.runtime.store.QueueActivity;
import dev.clockwork.runtime.store.QueueStats;
import dev.clockwork.runtime.store.RegionJob;
import dev.clockwork.runtime.store.StepCommit;
import dev.clockwork.runtime.store.Store;
import dev.clockwork.runtime.store.StoredEntry;
import dev.clockwork.runtime.store.TimerView;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * A {@link Store} in the JVM's memory: for tests, the test kit and demos. Nothing survives the JVM.
 * Thread-safe behind one monitor, which is also what {@link #awaitWork} waits on.
 */
public final class InMemoryStore implements Store {
  private final MemoryData data = new MemoryData();
  private final MemoryOperatorLog operatorLog = new MemoryOperatorLog();
  private final MemoryActivity activity = new MemoryActivity();

  // ---- instances ----

  @Override
  public synchronized Optional<InstanceRecord> find(String instanceId) {
    return Optional.ofNullable(data.instances.get(instanceId));
  }

  @Override
  public synchronized Optional<InstanceRecord> findInConversation(
      String conversationId, String machine) {
    return data.instances.values().stream()
        .filter(r -> r.conversationId().equals(conversationId) && r.machine().equals(machine))
        .min(Comparator.comparing(InstanceRecord::createdAt).thenComparing(InstanceRecord::id));
  }

  @Override
  public synchronized List<HistoryEntry> history(String instanceId, long afterSequence, int limit) {
    return data.histories.getOrDefault(instanceId, List.of()).stream()
        .filter(h -> h.sequence() > afterSequence)
        .limit(limit)
        .toList();
  }

  @Override
  public synchronized List<String> instancesIn(
      String machine, String state, String afterId, int limit) {
    return data.instancesIn(machine, state, afterId, limit);
  }

  @Override
  public synchronized List<String> instanceIds(String machine) {
    return data.instances.values().stream()
        .filter(record -> record.machine().equals(machine))
        .map(InstanceRecord::id)
        .sorted()
        .toList();
  }

  @Override
  public synchronized List<InstanceRecord> instances(InstanceQuery query) {
    String after = query.afterId() == null ? "" : query.afterId();
    return data.instances.values().stream()
        .filter(r -> r.id().compareTo(after) > 0)
        .filter(r -> query.matches(r.machine(), r.metadata()))
        .filter(
            r ->
                query.matchesStateAndConversation(
                    r.conversationId(), r.active().stream().map(StoredEntry::path).toList()))
        .sorted(Comparator.comparing(InstanceRecord::id))
        .limit(query.limit())
        .toList();
  }

  // ---- queue ----

  @Override
  public synchronized QueuedEvent enqueue(QueuedEvent event) {
    if (!data.instances.containsKey(event.instanceId())) {
      throw new UnknownInstanceException(event.instanceId());
    }
    QueuedEvent stored = data.enqueue(event);
    notifyAll();
    return stored;
  }

  @Override
  public synchronized Optional<Map<String, Object>> outcome(String instanceId, String key) {
    return Optional.ofNullable(data.outcomes.get(MemoryData.keyOf(instanceId, key)));
  }

  @Override
  public synchronized Optional<IdempotencyRecord> idempotencyRecord(String instanceId, String key) {
    return Optional.ofNullable(data.keyRecord(instanceId, key));
  }

  @Override
  public synchronized Optional<EventStatus> eventStatus(String instanceId, long eventId) {
    return EventStatuses.find(data, instanceId, eventId);
  }

  @Override
  public synchronized List<Claim> claim(ClaimRequest request) {
    return new MemoryClaims(data).claim(request);
  }

  @Override
  public synchronized Optional<Claim> lease(
      String instanceId, String owner, Duration leaseTime, Instant now) {
    if (data.isLeased(instanceId, now) || !data.instances.containsKey(instanceId)) {
      return Optional.empty();
    }
    Lease lease = data.newLease(instanceId, owner, now.plus(leaseTime));
    return Optional.of(new Claim(lease, data.instances.get(instanceId), List.of()));
  }

  @Override
  public synchronized Optional<Lease> renew(Lease lease, Instant newExpiry) {
    if (!data.holds(lease)) {
      return Optional.empty();
    }
    Lease renewed = lease.renewedUntil(newExpiry);
    data.leases.put(lease.instanceId(), renewed);
    return Optional.of(renewed);
  }

  @Override
  public synchronized void release(Lease lease) {
    if (data.holds(lease)) {
      data.leases.remove(lease.instanceId());
      notifyAll();
    }
  }

  @Override
  public synchronized CommitResult commit(List<StepCommit> commits) {
    CommitResult result = new MemoryCommits(data).commit(commits);
    notifyAll();
    return result;
  }

  @Override
  public synchronized int deliverBroadcasts(Instant now, int pageSize) {
    int queued = 0;
    BroadcastOutbox.Pending next;
    while ((next = data.broadcasts.oldest()) != null) {
      List<String> page =
          data.instancesIn(next.request.machine(), next.request.state(), next.afterId, pageSize);
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
      notifyAll();
    }
    return queued;
  }

  @Override
  public synchronized long pendingEvents(String instanceId) {
    TreeMap<Long, QueuedEvent> queue = data.queues.get(instanceId);
    return queue == null ? 0 : queue.size();
  }

  @Override
  public synchronized long pendingEvents() {
    return data.queues.values().stream().mapToLong(TreeMap::size).sum();
  }

  @Override
  public synchronized Optional<Instant> nextDue(
      Instant now, Set<String> machines, Set<String> queues) {
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

  @Override
  public synchronized void awaitWork(Duration max) throws InterruptedException {
    wait(Math.max(1, max.toMillis()));
  }

  // ---- operating the queues ----

  @Override
  public synchronized QueueStats queueStats(String machine, Instant now) {
    long pending = 0;
    Instant oldest = null;
    for (TreeMap<Long, QueuedEvent> queue : data.queues.values()) {
      for (QueuedEvent event : queue.values()) {
        if (machine.equals(event.machine())) {
          pending++;
          oldest =
              oldest == null || event.enqueuedAt().isBefore(oldest) ? event.enqueuedAt() : oldest;
        }
      }
    }
    long processing = data.leasedCount(machine, now);
    long dead = data.deadLetters.count(machine);
    return new QueueStats(
        machine, pending, processing, dead, data.paused.contains(machine), oldest);
  }

  @Override
  public synchronized List<String> machines() {
    return data.instances.values().stream()
        .map(InstanceRecord::machine)
        .distinct()
        .sorted()
        .toList();
  }

  @Override
  public synchronized void pause(String machine) {
    data.paused.add(machine);
  }

  @Override
  public synchronized void resume(String machine) {
    if (data.paused.remove(machine)) {
      notifyAll();
    }
  }

  @Override
  public synchronized boolean isPaused(String machine) {
    return data.paused.contains(machine);
  }

  @Override
  public synchronized Optional<DeadLetter> deadLetter(long id) {
    return data.deadLetters.find(id);
  }

  @Override
  public synchronized List<DeadLetter> deadLetters(String machine, long afterId, int limit) {
    return data.deadLetters.list(machine, afterId, limit);
  }

  @Override
  public synchronized List<ExpiredLease> expiredLeases(Instant now, int limit) {
    return data.leases.values().stream()
        .filter(lease -> !lease.expiresAt().isAfter(now))
        .sorted(Comparator.comparing(Lease::expiresAt).thenComparing(Lease::instanceId))
        .limit(limit)
        .map(
            lease ->
                new ExpiredLease(
                    lease.instanceId(),
                    data.instances.get(lease.instanceId()).machine(),
                    lease.owner(),
                    lease.expiresAt()))
        .toList();
  }

  @Override
  public synchronized OperatorAction appendOperatorAction(OperatorAction action) {
    return operatorLog.append(action);
  }

  @Override
  public synchronized List<OperatorAction> operatorActions(long beforeId, int limit) {
    return operatorLog.latest(beforeId, limit);
  }

  @Override
  public synchronized Optional<QueuedEvent> retryDeadLetter(long id, Instant availableAt) {
    Optional<QueuedEvent> retried =
        data.deadLetters
            .take(id)
            .map(
                d ->
                    data.enqueue(
                        new QueuedEvent(
                            0,
                            d.event().instanceId(),
                            d.event().machine(),
                            d.event().event(),
                            d.event().source(),
                            d.event().conversationId(),
                            0,
                            availableAt,
                            availableAt,
                            d.event().errors(),
                            d.event().priority(),
                            null)));
    notifyAll();
    return retried;
  }

  @Override
  public synchronized int purgeDeadLetters(String machine, Instant olderThan) {
    return data.deadLetters.purge(machine, olderThan);
  }

  @Override
  public synchronized int purgePending(String machine, Instant olderThan, Instant now) {
    int purged = 0;
    for (String instanceId : new ArrayList<>(data.queues.keySet())) {
      if (data.isLeased(instanceId, now)) {
        continue;
      }
      TreeMap<Long, QueuedEvent> queue = data.queues.get(instanceId);
      int before = queue.size();
      queue
          .values()
          .removeIf(
              e ->
                  machine.equals(e.machine())
                      && (olderThan == null || e.enqueuedAt().isBefore(olderThan)));
      purged += before - queue.size();
      if (queue.isEmpty()) {
        data.queues.remove(instanceId);
      }
      data.reindex(instanceId);
    }
    return purged;
  }

  @Override
  public synchronized List<QueuedEvent> queuedEvents(String machine, int limit) {
    return data.queues.values().stream()
        .flatMap(queue -> queue.values().stream())
        .filter(event -> machine.equals(event.machine()))
        .sorted(
            Comparator.comparing(QueuedEvent::priority)
                .thenComparing(QueuedEvent::enqueuedAt)
                .thenComparingLong(QueuedEvent::id))
        .limit(limit)
        .toList();
  }

  // ---- queue activity ----

  @Override
  public synchronized void recordActivity(List<ActivitySample> samples) {
    activity.record(samples);
  }

  @Override
  public synchronized QueueActivity activity(String machine, Instant from, Instant to) {
    return activity.sum(machine, from, to);
  }

  @Override
  public synchronized int purgeActivity(Instant before) {
    return activity.purge(before);
  }

  // ---- parallel dispatch: region jobs ----

  @Override
  public synchronized List<JobClaim> claimJobs(
      String owner,
      Set<String> queues,
      Set<String> machines,
      int max,
      Duration leaseTime,
      Instant now) {
    return data.jobs.claim(owner, queues, machines, max, leaseTime, now);
  }

  @Override
  public synchronized Optional<JobClaim> claimJob(
      String instanceId, long jobId, String owner, Duration leaseTime, Instant now) {
    return data.jobs.claimOne(instanceId, jobId, owner, leaseTime, now);
  }

  @Override
  public synchronized Optional<Instant> nextJobDue(
      Set<String> queues, Set<String> machines, Instant now) {
    return data.jobs.nextDue(queues, machines, now);
  }

  @Override
  public synchronized List<RegionJob> regionJobs(String instanceId) {
    return data.jobs.list(instanceId);
  }

  @Override
  public synchronized boolean retryJob(
      JobLease lease, int attempts, String error, Instant availableAt) {
    boolean retried = data.jobs.retry(lease, attempts, error, availableAt);
    if (retried) {
      notifyAll();
    }
    return retried;
  }

  @Override
  public synchronized boolean dropJob(JobLease lease) {
    return data.jobs.remove(lease);
  }

  // ---- timers ----

  @Override
  public synchronized List<TimerView> armedTimers(String machine, String statePrefix, int limit) {
    List<TimerView> views = new ArrayList<>();
    for (InstanceRecord record : data.instances.values()) {
      if (record.status() != InstanceStatus.ACTIVE
          || (machine != null && !machine.equals(record.machine()))) {
        continue;
      }
      for (ArmedTimer timer : record.timers()) {
        String state = timer.statePath();
        boolean inPrefix =
            statePrefix == null || state.equals(statePrefix) || state.startsWith(statePrefix + ".");
        if (!timer.failed() && inPrefix) {
          Instant due = record.isRetrying(timer) ? record.fireRetry().retryAt() : timer.due();
          views.add(
              new TimerView(
                  record.id(),
                  record.machine(),
                  state,
                  timer.event(),
                  due,
                  timer.fires(),
                  timer.key()));
        }
      }
    }
    views.sort(Comparator.comparing(TimerView::due).thenComparing(TimerView::instanceId));
    return views.size() > limit ? List.copyOf(views.subList(0, limit)) : views;
  }
}
