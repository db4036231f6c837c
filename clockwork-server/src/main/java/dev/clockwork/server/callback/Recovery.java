package dev.clockwork.server.callback;

import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.error.IdempotencyConflictException;
import dev.clockwork.runtime.error.InvalidEventPayloadException;
import dev.clockwork.runtime.error.UnknownEventException;
import dev.clockwork.runtime.error.UnknownInstanceException;
import dev.clockwork.runtime.instance.NamespacedIds;
import dev.clockwork.runtime.queue.EventRequest;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.CallbackStore;
import dev.clockwork.runtime.store.callback.StoredCallback;
import java.time.Duration;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Repairs callbacks whose request stopped between registering the callback and learning its event's
 * queue id (a crash, a lost connection to the database): once {@link #GRACE} has passed, the event
 * is queued again with the same idempotency key. When the first enqueue got through that queues
 * nothing and answers the first event's id; when it did not, the event is queued now — the request
 * had failed without an answer, the case an idempotency key exists for. Either way the callback is
 * bound to exactly one event and is not lost.
 */
final class Recovery {
  /**
   * How old an unbound callback must be before it is repaired (a request binds in milliseconds).
   */
  static final Duration GRACE = Duration.ofMinutes(1);

  private static final Logger LOG = LoggerFactory.getLogger(Recovery.class);

  private final Engine engine;
  private final CallbackStore store;

  Recovery(Engine engine, CallbackStore store) {
    this.engine = engine;
    this.store = store;
  }

  /** Repairs the unbound callbacks at least {@link #GRACE} old; returns how many were bound. */
  int run() {
    List<StoredCallback> unbound = store.unbound(engine.clock().instant().minus(GRACE), 100);
    int bound = 0;
    for (StoredCallback callback : unbound) {
      try {
        QueuedEvent queued =
            engine
                .admin()
                .namespaceOfStoredId(callback.instanceId())
                .enqueue(
                    EventRequest.to(
                            NamespacedIds.idOf(callback.instanceId()),
                            Event.of(callback.type(), callback.payload()))
                        .priority(callback.priority())
                        .idempotencyKey(callback.eventKey()));
        store.bind(callback.id(), queued.id());
        bound++;
        LOG.info(
            "callback {}: its event {} on '{}' is bound after an interrupted request",
            callback.id(),
            queued.id(),
            NamespacedIds.readable(callback.instanceId()));
      } catch (UnknownInstanceException
          | UnknownEventException
          | InvalidEventPayloadException
          | IdempotencyConflictException
          | IllegalArgumentException e) {
        // refused for good: queuing it again would be refused again
        store.abandon(callback.id(), "its event could not be queued: " + e.getMessage());
      } catch (RuntimeException e) {
        // the database, say: this callback waits for the next pass, the others go on
        LOG.warn(
            "callback {}: its event could not be queued yet ({}); trying again on the next pass",
            callback.id(),
            e.getMessage());
      }
    }
    return bound;
  }
}
