package dev.clockwork.server.api.queue;

import dev.clockwork.runtime.instance.NamespacedIds;
import dev.clockwork.runtime.queue.QueuedEvent;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;

/** A queued event waiting for its instance's turn (the seed's Pending Events table). */
public record PendingEventView(
    long eventId,
    String instanceId,
    String namespace,
    String type,
    Map<String, Object> payload,
    String priority,
    String source,
    int attempts,
    Instant enqueuedAt,
    Instant availableAt,
    String conversationId) {

  static PendingEventView of(QueuedEvent event) {
    return new PendingEventView(
        event.id(),
        NamespacedIds.idOf(event.instanceId()),
        NamespacedIds.namespaceOf(event.instanceId()),
        event.event().type(),
        event.event().payload(),
        event.priority().name().toLowerCase(Locale.ROOT),
        event.source(),
        event.attempts(),
        event.enqueuedAt(),
        event.availableAt(),
        NamespacedIds.idOf(event.conversationId()));
  }
}
