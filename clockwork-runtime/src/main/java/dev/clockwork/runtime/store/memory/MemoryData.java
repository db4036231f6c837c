package dev.clockwork.runtime.store.memory;

import dev.clockwork.core.interpreter.InstanceStatus;
import dev.clockwork.runtime.error.IdempotencyConflictException;
import dev.clockwork.runtime.instance.NamespacedIds;
import dev.clockwork.runtime.queue.EventFingerprint;
import dev.clockwork.runtime.queue.Lease;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.IdempotencyRecord;
import dev.clockwork.runtime.store.InstanceRecord;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;

/**
 * Everything the in-memory store keeps, with the bookkeeping every write shares: queue ids, leases,
 * idempotency keys, and each instance's due instant; region jobs live in {@link MemoryJobs}. Not
 * thread-safe: the store calls it under its own lock.
 */
final class MemoryData {
  final Map<String, InstanceRecord> instances = new HashMap<>();
  final Map<String, List<HistoryEntry>> histories = new HashMap<>();
  final Map<String, TreeMap<Long, QueuedEvent>> queues = new LinkedHashMap<>();
  final Map<String, Lease> leases = new HashMap<>();
  final DeadLetterList deadLetters = new DeadLetterList();
  final BroadcastOutbox broadcasts = new BroadcastOutbox();
  final MemoryJobs jobs = new MemoryJobs();
  final DueIndex due = new DueIndex();
  final Set<String> paused = new HashSet<>();
  final Map<String, Long> keyedEvents = new HashMap<>();
  final Map<String, Map<String, Object>> outcomes = new HashMap<>();
  final Map<String, String> fingerprints = new HashMap<>();

  /** When each idempotency key was first used: what its retention counts from. */
  final Map<String, Instant> keyTimes = new HashMap<>();

  private long lastQueueId;

  static String keyOf(String instanceId, String key) {
    return instanceId + "\u0000" + key;
  }

  /** The instance a key of {@link #keyOf} belongs to. */
  static String instanceOfKey(String key) {
    return key.substring(0, key.indexOf('\u0000'));
  }

  /** Forgets an idempotency key. */
  void forgetKey(String key) {
    keyedEvents.remove(key);
    outcomes.remove(key);
    fingerprints.remove(key);
    keyTimes.remove(key);
  }

  /** Appends an event to an existing instance's queue (once per idempotency key). */
  QueuedEvent enqueue(QueuedEvent event) {
    if (event.idempotencyKey() != null) {
      String key = keyOf(event.instanceId(), event.idempotencyKey());
      Long first = keyedEvents.get(key);
      if (first != null || outcomes.containsKey(key)) {
        if (!EventFingerprint.matches(fingerprints.get(key), event.event())) {
          throw IdempotencyConflictException.otherEvent(event.instanceId(), event.idempotencyKey());
        }
        if (first == null) {
          throw directSendKey(event);
        }
        return event.withId(first);
      }
      keyedEvents.put(key, lastQueueId + 1);
      fingerprints.put(key, EventFingerprint.of(event.event()));
      keyTimes.put(key, event.enqueuedAt());
    }
    QueuedEvent stored = event.withId(++lastQueueId);
    queues.computeIfAbsent(event.instanceId(), id -> new TreeMap<>()).put(stored.id(), stored);
    reindex(event.instanceId());
    return stored;
  }

  /** The refusal of a key that a direct send used first: it has no queued event to point at. */
  static IdempotencyConflictException directSendKey(QueuedEvent event) {
    return new IdempotencyConflictException(
        event.instanceId(),
        event.idempotencyKey(),
        "was used by a direct send of this event, which was applied; there is no queued event to"
            + " look up");
  }

  /** What is remembered of a key, or null when it is unused. */
  IdempotencyRecord keyRecord(String instanceId, String key) {
    String k = keyOf(instanceId, key);
    Long first = keyedEvents.get(k);
    Map<String, Object> outcome = outcomes.get(k);
    if (first == null && outcome == null) {
      return null;
    }
    return new IdempotencyRecord(
        instanceId, key, first == null ? 0 : first, fingerprints.get(k), outcome);
  }

  /** Recomputes when {@code instanceId}'s work falls due, after its record or queue changed. */
  void reindex(String instanceId) {
    InstanceRecord record = instances.get(instanceId);
    if (record == null) {
      due.set(instanceId, null);
      return;
    }
    TreeMap<Long, QueuedEvent> queue = queues.get(instanceId);
    QueuedEvent head = queue == null || queue.isEmpty() ? null : queue.firstEntry().getValue();
    Instant at;
    if (record.fireRetry() != null) {
      at = record.fireRetry().retryAt();
    } else if (head != null && head.attempts() > 0) {
      at = head.availableAt();
    } else {
      Instant timer = record.nextTimerAt().orElse(null);
      Instant event = head == null ? null : head.availableAt();
      at = timer == null ? event : event == null || timer.isBefore(event) ? timer : event;
    }
    due.set(instanceId, at);
  }

  /** The head of an instance's queue, or null when it is empty. */
  QueuedEvent head(String instanceId) {
    TreeMap<Long, QueuedEvent> queue = queues.get(instanceId);
    return queue == null || queue.isEmpty() ? null : queue.firstEntry().getValue();
  }

  List<String> instancesIn(
      String machine, String state, String namespace, String afterId, int limit) {
    return instances.values().stream()
        .filter(r -> r.machine().equals(machine))
        .filter(r -> NamespacedIds.in(namespace, r.id()))
        .filter(r -> r.status() == InstanceStatus.ACTIVE)
        .filter(r -> r.active().stream().anyMatch(a -> a.path().equals(state)))
        .map(InstanceRecord::id)
        .filter(id -> id.compareTo(afterId) > 0)
        .sorted()
        .limit(limit)
        .toList();
  }

  boolean isLeased(String instanceId, Instant now) {
    Lease lease = leases.get(instanceId);
    return lease != null && lease.expiresAt().isAfter(now);
  }

  boolean holds(Lease lease) {
    Lease current = leases.get(lease.instanceId());
    return current != null && current.token().equals(lease.token());
  }

  /** Valid leases on instances of {@code machine}, but those whose tokens are in {@code except}. */
  long leasedCount(String machine, Instant now, Set<UUID> except) {
    return leases.values().stream()
        .filter(l -> l.expiresAt().isAfter(now))
        .filter(l -> !except.contains(l.token()))
        .filter(l -> machine.equals(instances.get(l.instanceId()).machine()))
        .count();
  }

  Lease newLease(String instanceId, String owner, Instant expiresAt) {
    Lease lease = new Lease(instanceId, owner, UUID.randomUUID(), expiresAt);
    leases.put(instanceId, lease);
    return lease;
  }
}
