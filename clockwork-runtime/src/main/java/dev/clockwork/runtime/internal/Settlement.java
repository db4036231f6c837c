package dev.clockwork.runtime.internal;

import dev.clockwork.core.behavior.NonRetryable;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.interpreter.Delivery;
import dev.clockwork.core.interpreter.Interpreter;
import dev.clockwork.core.interpreter.StepResult;
import dev.clockwork.runtime.config.QueueConfig;
import dev.clockwork.runtime.instance.NamespacedIds;
import dev.clockwork.runtime.listener.ProcessedEvent.Outcome;
import dev.clockwork.runtime.queue.AttemptError;
import dev.clockwork.runtime.queue.Priority;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.queue.RetryPolicy;
import dev.clockwork.runtime.store.FireRetry;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.HistoryEntry.Kind;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Settles a failed attempt in its turn, by the machine's queue settings: retryable with attempts
 * left — tried again after the policy's backoff (the turn stops: what is ordered after it waits);
 * otherwise failed for good — sent to the dead letters, or, when the machine's dead letters are
 * disabled, discarded with a history row and a log line (the turn goes on). A timer fire that fails
 * for good still counts: its timer moves on as if it had fired (a recurring one is due one interval
 * later; a one-shot is kept as failed, so a retry of its dead letter can still apply it).
 */
final class Settlement {
  private static final Logger LOG = LoggerFactory.getLogger(Settlement.class);

  private Settlement() {}

  /** Settles a queued event's failed attempt; returns what became of it. */
  static Outcome event(
      Turn turn, QueuedEvent event, RuntimeException error, Instant now, QueueConfig config) {
    int attempt = event.attempts() + 1;
    Delivery delivery = Deliveries.of(turn.id(), event.id(), attempt);
    AttemptError attemptError = AttemptError.of(attempt, now, error);
    RetryPolicy retry = config.retry();
    if (retryable(error) && retry.allowsRetryAfter(attempt)) {
      QueuedEvent later = event.failed(attemptError, now.plus(retry.delayAfter(attempt)));
      turn.retryLater(later);
      turn.addHistory(failure(turn, Kind.ATTEMPT_FAILED, event.event(), error, now, delivery));
      LOG.info(
          "{} on {} failed (attempt {}), retrying at {}: {}",
          event.event().type(),
          NamespacedIds.readable(turn.id()),
          attempt,
          later.availableAt(),
          attemptError.error());
      return Outcome.RETRYING;
    }
    QueuedEvent dead = event.failed(attemptError, now);
    if (config.deadLetterEnabled()) {
      turn.addHistory(failure(turn, Kind.FAILED, event.event(), error, now, delivery));
      turn.deadLetter(dead);
    } else {
      turn.addHistory(failure(turn, Kind.DISCARDED, event.event(), error, now, delivery));
      turn.consume(event.id());
    }
    failedForGood(turn, event.event(), error, attempt, config, now);
    return config.deadLetterEnabled() ? Outcome.DEAD_LETTERED : Outcome.DISCARDED;
  }

  /** Settles a timer fire's failed attempt; returns what became of it. */
  static Outcome fire(
      Turn turn, Agenda.Fire fire, RuntimeException error, Instant now, QueueConfig config) {
    int attempt = fire.attempt();
    Delivery delivery = Deliveries.of(turn.id(), 0, attempt);
    List<AttemptError> errors = new ArrayList<>(fire.errors());
    errors.add(AttemptError.of(attempt, now, error));
    RetryPolicy retry = config.retry();
    if (retryable(error) && retry.allowsRetryAfter(attempt)) {
      Instant retryAt = now.plus(retry.delayAfter(attempt));
      turn.addHistory(failure(turn, Kind.ATTEMPT_FAILED, fire.event(), error, now, delivery));
      turn.setRecord(
          turn.record()
              .withFireRetry(
                  new FireRetry(fire.fire(), fire.timer().event(), attempt, retryAt, errors)));
      LOG.info(
          "timer {} on {} failed (attempt {}), retrying at {}: {}",
          fire.timer().key(),
          NamespacedIds.readable(turn.id()),
          attempt,
          retryAt,
          errors.get(errors.size() - 1).error());
      return Outcome.RETRYING;
    }
    Kind kind = config.deadLetterEnabled() ? Kind.FAILED : Kind.DISCARDED;
    HistoryEntry row = failure(turn, kind, fire.event(), error, now, delivery);
    StepResult moved = Interpreter.skipFire(turn.snapshot(), fire.fire(), now);
    turn.replace(moved, List.of(row), now);
    turn.setRecord(turn.record().withFireRetry(null));
    if (config.deadLetterEnabled()) {
      turn.deadLetter(
          new QueuedEvent(
              0,
              turn.id(),
              turn.record().machine(),
              fire.event(),
              "timer",
              turn.record().conversationId(),
              attempt,
              fire.timer().due(),
              fire.timer().due(),
              errors,
              Priority.NORMAL,
              null));
    }
    failedForGood(turn, fire.event(), error, attempt, config, now);
    return config.deadLetterEnabled() ? Outcome.DEAD_LETTERED : Outcome.DISCARDED;
  }

  private static boolean retryable(RuntimeException error) {
    return !(error instanceof NonRetryable);
  }

  private static HistoryEntry failure(
      Turn turn, Kind kind, Event event, Throwable error, Instant now, Delivery delivery) {
    return HistoryRows.failure(turn.record(), kind, event, error, now, delivery);
  }

  /** Tells a child's parent ({@code @fail}) and the log that an event failed for good. */
  private static void failedForGood(
      Turn turn, Event event, Throwable error, int attempt, QueueConfig config, Instant now) {
    String message = error.getClass().getSimpleName() + ": " + error.getMessage();
    turn.services().delegation().failed(turn, message, now).ifPresent(turn::send);
    LOG.warn(
        "{} on {} failed ({}, attempt {}) and {}: {}",
        event.type(),
        NamespacedIds.readable(turn.id()),
        error instanceof NonRetryable ? "not retryable" : "no retries left",
        attempt,
        config.deadLetterEnabled()
            ? "went to the dead letters"
            : "was discarded (dead letters are disabled)",
        message);
  }
}
