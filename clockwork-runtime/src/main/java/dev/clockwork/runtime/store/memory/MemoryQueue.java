package dev.clockwork.runtime.store.memory;

import dev.clockwork.runtime.error.UnknownInstanceException;
import dev.clockwork.runtime.queue.EventStatus;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.IdempotencyRecord;
import dev.clockwork.runtime.store.QueueStore;
import java.util.Optional;
import java.util.TreeMap;

/** The in-memory store's queue role: events in, and what became of them. */
final class MemoryQueue implements QueueStore {
  private final MemoryData data;

  MemoryQueue(MemoryData data) {
    this.data = data;
  }

  @Override
  public QueuedEvent enqueue(QueuedEvent event) {
    synchronized (data) {
      if (!data.instances.containsKey(event.instanceId())) {
        throw new UnknownInstanceException(event.instanceId());
      }
      QueuedEvent stored = data.enqueue(event);
      data.notifyAll();
      return stored;
    }
  }

  @Override
  public Optional<IdempotencyRecord> idempotencyRecord(String instanceId, String key) {
    synchronized (data) {
      return Optional.ofNullable(data.keyRecord(instanceId, key));
    }
  }

  @Override
  public Optional<EventStatus> eventStatus(String instanceId, long eventId) {
    synchronized (data) {
      return EventStatuses.find(data, instanceId, eventId);
    }
  }

  @Override
  public long pendingEvents() {
    synchronized (data) {
      return data.queues.values().stream().mapToLong(TreeMap::size).sum();
    }
  }

  @Override
  public long pendingEvents(String instanceId) {
    synchronized (data) {
      TreeMap<Long, QueuedEvent> queue = data.queues.get(instanceId);
      return queue == null ? 0 : queue.size();
    }
  }
}
