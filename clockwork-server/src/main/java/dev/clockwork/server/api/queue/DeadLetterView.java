package dev.clockwork.server.api.queue;

import dev.clockwork.runtime.instance.NamespacedIds;
import dev.clockwork.runtime.queue.AttemptError;
import dev.clockwork.runtime.queue.DeadLetter;
import dev.clockwork.runtime.queue.QueuedEvent;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A dead letter as the API shows it (the queue seed's DLQ entry): {@code status: dead}, the event,
 * its instance, machine and conversation, and every attempt's error. A retried one is a {@link
 * RetriedView}.
 */
public record DeadLetterView(
    long id,
    String status,
    String instanceId,
    String machine,
    EventView event,
    int attempts,
    List<AttemptError> errors,
    Instant deadAt,
    String conversationId,
    String source,
    Instant enqueuedAt) {

  /** The event that failed: its type and payload. */
  public record EventView(String type, Map<String, Object> payload) {}

  static DeadLetterView of(DeadLetter letter) {
    QueuedEvent event = letter.event();
    return new DeadLetterView(
        letter.id(),
        "dead",
        NamespacedIds.idOf(event.instanceId()),
        event.machine(),
        new EventView(event.event().type(), event.event().payload()),
        event.attempts(),
        event.errors(),
        letter.deadAt(),
        NamespacedIds.idOf(event.conversationId()),
        event.source(),
        event.enqueuedAt());
  }
}
