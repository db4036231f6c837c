package dev.clockwork.runtime.store.forwarding;

import dev.clockwork.runtime.queue.EventStatus;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.IdempotencyRecord;
import dev.clockwork.runtime.store.QueueStore;
import java.util.Objects;
import java.util.Optional;

/**
 * A {@link QueueStore} that forwards every call to {@link #delegate()}: a fault-injecting or
 * watching store subclasses it and overrides only the calls it changes.
 */
public class ForwardingQueueStore implements QueueStore {
  private final QueueStore delegate;

  public ForwardingQueueStore(QueueStore delegate) {
    this.delegate = Objects.requireNonNull(delegate, "delegate");
  }

  /**
   * Where every call goes. Override it to act before each call (a store that has died throws here).
   */
  protected QueueStore delegate() {
    return delegate;
  }

  @Override
  public QueuedEvent enqueue(QueuedEvent event) {
    return delegate().enqueue(event);
  }

  @Override
  public Optional<IdempotencyRecord> idempotencyRecord(String instanceId, String key) {
    return delegate().idempotencyRecord(instanceId, key);
  }

  @Override
  public Optional<EventStatus> eventStatus(String instanceId, long eventId) {
    return delegate().eventStatus(instanceId, eventId);
  }

  @Override
  public long pendingEvents() {
    return delegate().pendingEvents();
  }

  @Override
  public long pendingEvents(String instanceId) {
    return delegate().pendingEvents(instanceId);
  }

  @Override
  public boolean pendingAbove(long threshold) {
    return delegate().pendingAbove(threshold);
  }
}
