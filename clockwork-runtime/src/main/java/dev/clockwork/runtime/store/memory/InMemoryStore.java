package dev.clockwork.runtime.store.memory;

import dev.clockwork.runtime.queue.DeadLetter;
import dev.clockwork.runtime.queue.Lease;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.Claim;
import dev.clockwork.runtime.store.ConcurrentUpdateException;
import dev.clockwork.runtime.store.DuplicateInstanceException;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.InstanceRecord;
import dev.clockwork.runtime.store.QueueStats;
import dev.clockwork.runtime.store.StepCommit;
import dev.clockwork.runtime.store.Store;
import dev.clockwork.runtime.store.TimerView;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;

/**
 * A {@link Store} in the JVM's memory: for tests, the test kit and demos. Nothing survives the JVM.
 * Thread-safe behind one monitor, which is also what {@link #awaitWork} waits on.
 */
public final class InMemoryStore implements Store {
  private final Map<String, InstanceRecord> instances = new HashMap<>();
  private final Map<String, List<HistoryEntry>> histories = new HashMap<>();
  private final Map<String, TreeMap<Long, QueuedEvent>> queues = new LinkedHashMap<>();
  private final Map<String, Lease> leases = new HashMap<>();
  private final TimerIndex timers = new TimerIndex();
  private final DeadLetterList deadLetters = new DeadLetterList();
  private long lastQueueId;
  private final Set<String> paused = new HashSet<>();
  private final Map<String, Long> keyedEvents = new HashMap<>();
  private final Map<String, Map<String, Object>> outcomes = new HashMap<>();

  // ---- instances ----

  @Override
  public synchronized void create(InstanceRecord record, List<HistoryEntry> history) {
    if (instances.containsKey(record.id())) {
      throw new DuplicateInstanceException(record.id());
    }
    instances.put(record.id(), record);
    histories.put(record.id(), new ArrayList<>(history));
    timers.index(record);
  }

  @Override
  public synchronized Optional<InstanceRecord> find(String instanceId) {
    return Optional.ofNullable(instances.get(instanceId));
  }

  @Override
  public synchronized Optional<InstanceRecord> findInConversation(
      String conversationId, String machine) {
    return instances.values().stream()
        .filter(r -> r.conversationId().equals(conversationId) && r.machine().equals(machine))
        .min(
            java.util.Comparator.comparing(InstanceRecord::createdAt)
                .thenComparing(InstanceRecord::id));
  }

  @Override
  public synchronized List<HistoryEntry> history(String instanceId, long afterSequence, int limit) {
    return histories.getOrDefault(instanceId, List.of()).stream()
        .filter(h -> h.sequence() > afterSequence)
        .limit(limit)
        .toList();
  }

  @Override
  public synchronized List<String> instancesIn(
      String machine, String state, String afterId, int limit) {
    return instances.values().stream()
        .filter(r -> r.machine().equals(machine))
        .filter(r -> r.status() == dev.clockwork.core.interpreter.InstanceStatus.ACTIVE)
        .filter(r -> r.active().stream().anyMatch(a -> a.path().equals(state)))
        .map(InstanceRecord::id)
        .filter(id -> id.compareTo(afterId) > 0)
        .sorted()
        .limit(limit)
        .toList();
  }

  @Override
  public synchronized List<String> instanceIds(String machine) {
    return instances.values().stream()
        .filter(record -> record.machine().equals(machine))
        .map(InstanceRecord::id)
        .sorted()
        .toList();
  }

  // ---- queue ----

  @Override
  public synchronized QueuedEvent enqueue(QueuedEvent event) {
    if (event.idempotencyKey() != null) {
      Long first = keyedEvents.get(keyOf(event.instanceId(), event.idempotencyKey()));
      if (first != null) {
        return event.withId(first);
      }
      keyedEvents.put(keyOf(event.instanceId(), event.idempotencyKey()), lastQueueId + 1);
    }
    QueuedEvent stored = event.withId(++lastQueueId);
    queues.computeIfAbsent(event.instanceId(), id -> new TreeMap<>()).put(stored.id(), stored);
    notifyAll();
    return stored;
  }

  @Override
  public synchronized int enqueueAll(List<QueuedEvent> events) {
    int queued = 0;
    for (QueuedEvent event : events) {
      if (instances.containsKey(event.instanceId())) {
        enqueue(event);
        queued++;
      }
    }
    return queued;
  }

  @Override
  public synchronized Optional<Map<String, Object>> outcome(String instanceId, String key) {
    return Optional.ofNullable(outcomes.get(keyOf(instanceId, key)));
  }

  private static String keyOf(String instanceId, String key) {
    return instanceId + "\u0000" + key;
  }

  @Override
  public synchronized List<Claim> claim(
      String owner,
      Duration leaseTime,
      Instant now,
      int maxInstances,
      int maxEvents,
      Set<String> machines) {
    List<Map.Entry<String, QueuedEvent>> ready = new ArrayList<>();
    for (Map.Entry<String, TreeMap<Long, QueuedEvent>> queue : queues.entrySet()) {
      QueuedEvent head = queue.getValue().firstEntry().getValue();
      if (!head.availableAt().isAfter(now)
          && !isLeased(queue.getKey(), now)
          && !paused.contains(instances.get(queue.getKey()).machine())
          && (machines == null || machines.contains(instances.get(queue.getKey()).machine()))) {
        ready.add(Map.entry(queue.getKey(), head));
      }
    }
    ready.sort(
        Comparator.comparingInt(
                (Map.Entry<String, QueuedEvent> e) -> e.getValue().priority().level())
            .thenComparing(e -> e.getValue().availableAt())
            .thenComparingLong(e -> e.getValue().id()));
    List<Claim> claims = new ArrayList<>();
    for (Map.Entry<String, QueuedEvent> entry : ready) {
      if (claims.size() == maxInstances) {
        break;
      }
      Lease lease = newLease(entry.getKey(), owner, now.plus(leaseTime));
      List<QueuedEvent> events = new ArrayList<>();
      for (QueuedEvent event : queues.get(entry.getKey()).values()) {
        if (events.size() == maxEvents || event.availableAt().isAfter(now)) {
          break;
        }
        events.add(event);
      }
      claims.add(new Claim(lease, instances.get(entry.getKey()), events));
    }
    return claims;
  }

  @Override
  public synchronized List<Claim> claimWithinCaps(
      String owner,
      Duration leaseTime,
      Instant now,
      int maxInstances,
      int maxEvents,
      Map<String, Integer> caps) {
    Map<String, Integer> room = new HashMap<>();
    caps.forEach((machine, cap) -> room.put(machine, cap - (int) leasedCount(machine, now)));
    Set<String> open = new HashSet<>();
    room.forEach(
        (machine, left) -> {
          if (left > 0) {
            open.add(machine);
          }
        });
    List<Claim> claims = new ArrayList<>();
    for (Claim claim : claim(owner, leaseTime, now, Integer.MAX_VALUE, maxEvents, open)) {
      String machine = claim.instance().machine();
      if (claims.size() < maxInstances && room.get(machine) > 0) {
        room.merge(machine, -1, Integer::sum);
        claims.add(claim);
      } else {
        leases.remove(claim.lease().instanceId());
      }
    }
    return claims;
  }

  private long leasedCount(String machine, Instant now) {
    return leases.values().stream()
        .filter(l -> l.expiresAt().isAfter(now))
        .filter(l -> machine.equals(instances.get(l.instanceId()).machine()))
        .count();
  }

  @Override
  public synchronized Optional<Claim> lease(
      String instanceId, String owner, Duration leaseTime, Instant now) {
    if (isLeased(instanceId, now) || !instances.containsKey(instanceId)) {
      return Optional.empty();
    }
    Lease lease = newLease(instanceId, owner, now.plus(leaseTime));
    return Optional.of(new Claim(lease, instances.get(instanceId), List.of()));
  }

  @Override
  public synchronized Optional<Lease> renew(Lease lease, Instant newExpiry) {
    if (!holds(lease)) {
      return Optional.empty();
    }
    Lease renewed = lease.renewedUntil(newExpiry);
    leases.put(lease.instanceId(), renewed);
    return Optional.of(renewed);
  }

  @Override
  public synchronized void release(Lease lease) {
    if (holds(lease)) {
      leases.remove(lease.instanceId());
      notifyAll();
    }
  }

  @Override
  public synchronized Set<String> commit(List<StepCommit> commits) {
    Set<String> lost = new HashSet<>();
    for (StepCommit commit : commits) {
      String id = commit.next().id();
      if (!holds(commit.lease()) || commit.dependsOnAny(lost)) {
        lost.add(id);
        continue;
      }
      long found = instances.get(id).revision();
      if (found != commit.next().revision() - 1) {
        throw new ConcurrentUpdateException(id, commit.next().revision() - 1, found);
      }
      instances.put(id, commit.next());
      histories.get(id).addAll(commit.history());
      TreeMap<Long, QueuedEvent> queue = queues.get(id);
      if (queue != null) {
        commit.consumed().forEach(queue::remove);
        for (QueuedEvent dead : commit.deadLettered()) {
          queue.remove(dead.id());
          deadLetters.add(dead);
        }
        commit.retried().forEach(retry -> queue.put(retry.id(), retry));
        if (queue.isEmpty()) {
          queues.remove(id);
        }
      }
      commit.outgoing().forEach(this::enqueue);
      commit.outcomes().forEach(o -> outcomes.put(keyOf(o.instanceId(), o.key()), o.outcome()));
      timers.index(commit.next());
      if (commit.release()) {
        leases.remove(id);
      }
    }
    notifyAll();
    return lost;
  }

  @Override
  public synchronized void appendHistory(Lease lease, List<HistoryEntry> rows) {
    if (!holds(lease) || rows.isEmpty()) {
      return;
    }
    String id = lease.instanceId();
    histories.get(id).addAll(rows);
    InstanceRecord record = instances.get(id);
    instances.put(id, record.withHistorySequence(rows.get(rows.size() - 1).sequence()));
  }

  @Override
  public synchronized long pendingEvents() {
    return queues.values().stream().mapToLong(TreeMap::size).sum();
  }

  @Override
  public synchronized Optional<Instant> nextEventAvailable(Instant now) {
    return queues.entrySet().stream()
        .filter(q -> !isLeased(q.getKey(), now))
        .map(q -> q.getValue().firstEntry().getValue().availableAt())
        .min(Comparator.naturalOrder());
  }

  @Override
  public synchronized List<DeadLetter> deadLetters(int limit) {
    return deadLetters.list(null, limit);
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
    for (TreeMap<Long, QueuedEvent> queue : queues.values()) {
      for (QueuedEvent event : queue.values()) {
        if (machine.equals(event.machine())) {
          pending++;
          oldest =
              oldest == null || event.enqueuedAt().isBefore(oldest) ? event.enqueuedAt() : oldest;
        }
      }
    }
    long processing = leasedCount(machine, now);
    long dead = deadLetters.count(machine);
    return new QueueStats(machine, pending, processing, dead, paused.contains(machine), oldest);
  }

  @Override
  public synchronized List<String> machines() {
    return instances.values().stream().map(InstanceRecord::machine).distinct().sorted().toList();
  }

  @Override
  public synchronized void pause(String machine) {
    paused.add(machine);
  }

  @Override
  public synchronized void resume(String machine) {
    if (paused.remove(machine)) {
      notifyAll();
    }
  }

  @Override
  public synchronized boolean isPaused(String machine) {
    return paused.contains(machine);
  }

  @Override
  public synchronized Optional<DeadLetter> deadLetter(long id) {
    return deadLetters.find(id);
  }

  @Override
  public synchronized List<DeadLetter> deadLetters(String machine, int limit) {
    return deadLetters.list(machine, limit);
  }

  @Override
  public synchronized Optional<QueuedEvent> retryDeadLetter(long id, Instant availableAt) {
    return deadLetters
        .take(id)
        .map(
            d ->
                enqueue(
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
  }

  @Override
  public synchronized int purgeDeadLetters(String machine, Instant olderThan) {
    return deadLetters.purge(machine, olderThan);
  }

  @Override
  public synchronized int purgePending(String machine, Instant olderThan, Instant now) {
    int purged = 0;
    for (var it = queues.entrySet().iterator(); it.hasNext(); ) {
      Map.Entry<String, TreeMap<Long, QueuedEvent>> queue = it.next();
      if (isLeased(queue.getKey(), now)) {
        continue;
      }
      int before = queue.getValue().size();
      queue
          .getValue()
          .values()
          .removeIf(
              e ->
                  machine.equals(e.machine())
                      && (olderThan == null || e.enqueuedAt().isBefore(olderThan)));
      purged += before - queue.getValue().size();
      if (queue.getValue().isEmpty()) {
        it.remove();
      }
    }
    return purged;
  }

  // ---- timers ----

  @Override
  public synchronized int sweepDueTimers(Instant now, int limit, Set<String> machines) {
    List<QueuedEvent> fires = timers.takeDue(now, limit, instances, machines);
    fires.forEach(this::enqueue);
    return fires.size();
  }

  @Override
  public synchronized Optional<Instant> nextTimerDue() {
    return timers.nextDue();
  }

  @Override
  public synchronized List<TimerView> armedTimers(String machine, String statePrefix, int limit) {
    return timers.armed(instances, machine, statePrefix, limit);
  }

  private boolean isLeased(String instanceId, Instant now) {
    Lease lease = leases.get(instanceId);
    return lease != null && lease.expiresAt().isAfter(now);
  }

  private boolean holds(Lease lease) {
    Lease current = leases.get(lease.instanceId());
    return current != null && current.token().equals(lease.token());
  }

  private Lease newLease(String instanceId, String owner, Instant expiresAt) {
    Lease lease = new Lease(instanceId, owner, UUID.randomUUID(), expiresAt);
    leases.put(instanceId, lease);
    return lease;
  }
}
