package dev.clockwork.runtime.store.memory;

import dev.clockwork.runtime.queue.DeadLetter;
import dev.clockwork.runtime.queue.EventStatus;
import dev.clockwork.runtime.queue.EventStatus.State;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.HistoryEntry;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;

/** Looks up an event's fate in the in-memory store: its queue, its dead letters, its history. */
final class EventStatuses {
  private EventStatuses() {}

  static Optional<EventStatus> find(MemoryData data, String instanceId, long eventId) {
    if (eventId <= 0) {
      return Optional.empty(); // 0 marks rows and dead letters that came from no queue
    }
    TreeMap<Long, QueuedEvent> queue = data.queues.get(instanceId);
    QueuedEvent queued = queue == null ? null : queue.get(eventId);
    if (queued != null) {
      State state = queued.attempts() > 0 ? State.RETRYING : State.PENDING;
      return Optional.of(
          new EventStatus(
              instanceId,
              eventId,
              state,
              queued.attempts(),
              queued.availableAt(),
              0,
              0,
              queued.errors(),
              queued.event().type()));
    }
    long historySequence = 0;
    HistoryEntry outcome = null;
    for (HistoryEntry row : data.histories.getOrDefault(instanceId, List.of())) {
      if (row.eventId() == eventId && row.kind() != HistoryEntry.Kind.ATTEMPT_FAILED) {
        outcome = outcome == null ? row : outcome;
        historySequence = outcome.sequence();
      }
    }
    Optional<DeadLetter> dead =
        data.deadLetters.list(null, 0, Integer.MAX_VALUE).stream()
            .filter(d -> d.event().instanceId().equals(instanceId) && d.event().id() == eventId)
            .findFirst();
    if (dead.isPresent()) {
      QueuedEvent event = dead.get().event();
      return Optional.of(
          new EventStatus(
              instanceId,
              eventId,
              State.DEAD_LETTERED,
              event.attempts(),
              null,
              historySequence,
              dead.get().id(),
              event.errors(),
              event.event().type()));
    }
    if (outcome == null) {
      return Optional.empty();
    }
    State state =
        switch (outcome.kind()) {
          case FAILED -> State.DEAD_LETTERED;
          case DISCARDED -> State.DISCARDED;
          default -> State.APPLIED;
        };
    // an applied event's row is its successful attempt; a failed one's, its last failed attempt
    int failedAttempts = state == State.APPLIED ? outcome.attempt() - 1 : outcome.attempt();
    return Optional.of(
        new EventStatus(
            instanceId,
            eventId,
            state,
            Math.max(0, failedAttempts),
            null,
            historySequence,
            0,
            List.of(),
            outcome.event()));
  }
}
