package dev.clockwork.runtime.store.memory;

import dev.clockwork.runtime.queue.DeadLetter;
import dev.clockwork.runtime.queue.EventStatus;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.rule.EventStatusRule;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Finds what {@link EventStatusRule} needs in the in-memory store: the event in its queue, its dead
 * letter, its outcome row in the history.
 */
final class EventStatuses {
  private EventStatuses() {}

  static Optional<EventStatus> find(MemoryData data, String instanceId, long eventId) {
    if (!EventStatusRule.isQueueId(eventId)) {
      return Optional.empty();
    }
    TreeMap<Long, QueuedEvent> queue = data.queues.get(instanceId);
    QueuedEvent queued = queue == null ? null : queue.get(eventId);
    HistoryEntry outcome =
        data.histories.getOrDefault(instanceId, List.of()).stream()
            .filter(row -> row.eventId() == eventId)
            .filter(row -> row.kind() != HistoryEntry.Kind.ATTEMPT_FAILED)
            .findFirst()
            .orElse(null);
    DeadLetter dead =
        data.deadLetters.list(null, null, 0, Integer.MAX_VALUE).stream()
            .filter(d -> d.event().instanceId().equals(instanceId) && d.event().id() == eventId)
            .findFirst()
            .orElse(null);
    return EventStatusRule.of(
        instanceId,
        eventId,
        queued == null
            ? null
            : new EventStatusRule.Queued(
                queued.attempts(), queued.availableAt(), queued.errors(), queued.event().type()),
        dead == null
            ? null
            : new EventStatusRule.DeadLettered(
                dead.id(),
                dead.event().attempts(),
                dead.event().errors(),
                dead.event().event().type()),
        outcome == null
            ? null
            : new EventStatusRule.Outcome(
                outcome.sequence(), outcome.kind(), outcome.attempt(), outcome.event()));
  }
}
