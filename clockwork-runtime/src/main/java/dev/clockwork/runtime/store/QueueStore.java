package dev.clockwork.runtime.store;

import dev.clockwork.runtime.queue.EventStatus;
import dev.clockwork.runtime.queue.QueuedEvent;
import java.util.Optional;

/**
 * The store's role that takes events into instances' queues and answers what became of them (SPI: a
 * role of {@link Store}). Workers take the events out through {@link WorkStore}.
 */
public interface QueueStore {

  /**
   * Appends an event to its instance's queue; durable when this returns. Never waits for a lock
   * held by a turn in progress on that instance. An event with an idempotency key that was already
   * used for the instance is not queued again: the first event's id comes back instead. The key
   * keeps the event's {@link dev.clockwork.runtime.queue.EventFingerprint}: a key used again with
   * another event, or first used by a direct send, is refused.
   *
   * @return the event with its queue id (the first one's, for a duplicate key)
   * @throws dev.clockwork.runtime.error.UnknownInstanceException when the instance does not exist
   * @throws dev.clockwork.runtime.error.IdempotencyConflictException when the key was used for
   *     another event, or by a direct send
   */
  QueuedEvent enqueue(QueuedEvent event);

  /**
   * What is remembered of {@code key} used for {@code instanceId}: the event it was first used for,
   * that event's fingerprint, and its outcome once processed; empty when the key is unused.
   */
  Optional<IdempotencyRecord> idempotencyRecord(String instanceId, String key);

  /** Where the event {@code eventId} queued for {@code instanceId} is now; empty when unknown. */
  Optional<EventStatus> eventStatus(String instanceId, long eventId);

  /** Events waiting in every queue (for backpressure and status). */
  long pendingEvents();

  /**
   * Events waiting in one instance's queue, those waiting for a retry included (0 for an unknown
   * instance): read by the instance's key.
   */
  long pendingEvents(String instanceId);

  /**
   * True when more than {@code threshold} events wait: the backpressure check, which a store may
   * answer without counting the whole queue.
   */
  default boolean pendingAbove(long threshold) {
    return pendingEvents() > threshold;
  }
}
