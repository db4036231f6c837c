package dev.clockwork.runtime.internal;

import dev.clockwork.core.event.Event;
import dev.clockwork.core.event.TimerFire;
import dev.clockwork.core.interpreter.ArmedTimer;
import dev.clockwork.runtime.queue.AttemptError;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.FireRetry;
import dev.clockwork.runtime.store.InstanceRecord;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * What a claimed instance's turn applies next: its queued events in queue order, with each due
 * timer fire placed at its due instant among them (a fire goes before every event enqueued after it
 * was due). A fire waiting for its retry holds back everything after it. When the claim may have
 * left events behind (it took as many as it could), a fire due after the last event taken waits for
 * the next turn, which sees those events too.
 */
final class Agenda {
  /** Something a turn applies. */
  sealed interface Item permits Queued, Fire {}

  /** A queued event. */
  record Queued(QueuedEvent event) implements Item {}

  /**
   * A due timer fire.
   *
   * @param attempt which attempt this is (1 unless an earlier one failed)
   * @param errors the errors of the earlier attempts
   */
  record Fire(ArmedTimer timer, Event event, int attempt, List<AttemptError> errors)
      implements Item {
    TimerFire fire() {
      return event.timer();
    }
  }

  private final Deque<QueuedEvent> events;
  private final boolean mayHaveMore;
  private Instant lastTaken;

  /**
   * @param claimed the available events the claim brought, in queue order
   * @param mayHaveMore true when the claim took as many events as it could (more may wait)
   */
  Agenda(List<QueuedEvent> claimed, boolean mayHaveMore) {
    this.events = new ArrayDeque<>(claimed);
    this.mayHaveMore = mayHaveMore;
  }

  /** The next item for the instance as it stands now, or null when the turn is over. */
  Item next(InstanceRecord record, Instant now) {
    FireRetry retry = record.fireRetry();
    if (retry != null && retry.retryAt().isAfter(now)) {
      return null; // a fire waits for its retry: everything after it waits too
    }
    ArmedTimer timer = dueTimer(record, now);
    QueuedEvent head = events.peekFirst();
    if (timer != null) {
      boolean beforeHead = head != null && !timer.due().isAfter(head.enqueuedAt());
      boolean nothingLeft = head == null && !(mayHaveMore && isAfterLastTaken(timer));
      if (beforeHead || nothingLeft) {
        return fire(record, timer);
      }
    }
    return head == null ? null : new Queued(head);
  }

  /** The event the last {@link #next} returned was dealt with (applied or settled). */
  void taken(QueuedEvent event) {
    events.removeFirst();
    lastTaken = event.enqueuedAt();
  }

  private boolean isAfterLastTaken(ArmedTimer timer) {
    return lastTaken == null || timer.due().isAfter(lastTaken);
  }

  private static Fire fire(InstanceRecord record, ArmedTimer timer) {
    Event event =
        Event.timerFire(timer.event(), new TimerFire(timer.key(), timer.entryId(), timer.due()));
    FireRetry retry = record.fireRetry();
    if (retry != null && retry.isFor(event.timer())) {
      return new Fire(timer, event, retry.attempts() + 1, retry.errors());
    }
    return new Fire(timer, event, 1, List.of());
  }

  /** The armed timer due soonest at {@code now} (not one whose fire failed for good), or null. */
  private static ArmedTimer dueTimer(InstanceRecord record, Instant now) {
    ArmedTimer soonest = null;
    for (ArmedTimer timer : record.timers()) {
      if (!timer.failed()
          && !timer.due().isAfter(now)
          && (soonest == null || timer.due().isBefore(soonest.due()))) {
        soonest = timer;
      }
    }
    return soonest;
  }
}
