package dev.clockwork.runtime.queue;

import dev.clockwork.core.event.Event;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * An event waiting in its instance's queue. Per instance, events are processed one at a time in
 * {@link #id()} order; an event waiting for a retry ({@link #availableAt()} in the future) holds
 * back the events behind it.
 *
 * @param id the queue position, assigned by the store (0 before it is stored)
 * @param instanceId the target instance
 * @param machine the target's machine id
 * @param event the event
 * @param source who sent it: {@code api}, {@code timer}, {@code child}, {@code emit}
 * @param conversationId the conversation it belongs to, or null
 * @param attempts failed attempts so far
 * @param availableAt when it may be processed (later than enqueue time while it waits for a retry)
 * @param enqueuedAt when it was stored
 * @param errors one entry per failed attempt
 * @param priority its priority (used by machines whose queue strategy is priority)
 * @param idempotencyKey a key making a retried send safe: a second event with the same key for the
 *     same instance is not queued again; null for none
 * @param headers small text values stored with the event and reported with its processing (a trace
 *     context, for instance); contributed at enqueue by listeners ({@code
 *     EngineListener.enqueuing}); empty for none. Dead letters do not keep them.
 */
public record QueuedEvent(
    long id,
    String instanceId,
    String machine,
    Event event,
    String source,
    String conversationId,
    int attempts,
    Instant availableAt,
    Instant enqueuedAt,
    List<AttemptError> errors,
    Priority priority,
    String idempotencyKey,
    Map<String, String> headers) {

  public QueuedEvent {
    Objects.requireNonNull(instanceId, "instanceId");
    Objects.requireNonNull(event, "event");
    errors = List.copyOf(errors);
    priority = priority == null ? Priority.NORMAL : priority;
    headers = headers == null ? Map.of() : Map.copyOf(headers);
  }

  /** An event without headers. */
  public QueuedEvent(
      long id,
      String instanceId,
      String machine,
      Event event,
      String source,
      String conversationId,
      int attempts,
      Instant availableAt,
      Instant enqueuedAt,
      List<AttemptError> errors,
      Priority priority,
      String idempotencyKey) {
    this(
        id,
        instanceId,
        machine,
        event,
        source,
        conversationId,
        attempts,
        availableAt,
        enqueuedAt,
        errors,
        priority,
        idempotencyKey,
        Map.of());
  }

  /** This event with {@code values} as its headers. */
  public QueuedEvent withHeaders(Map<String, String> values) {
    return new QueuedEvent(
        id,
        instanceId,
        machine,
        event,
        source,
        conversationId,
        attempts,
        availableAt,
        enqueuedAt,
        errors,
        priority,
        idempotencyKey,
        values);
  }

  /** A new event for {@code instanceId}, available at once. */
  public static QueuedEvent of(
      String instanceId, String machine, Event event, String source, Instant now) {
    return new QueuedEvent(
        0, instanceId, machine, event, source, null, 0, now, now, List.of(), Priority.NORMAL, null);
  }

  /** This event with an idempotency key. */
  public QueuedEvent withIdempotencyKey(String key) {
    return new QueuedEvent(
        id,
        instanceId,
        machine,
        event,
        source,
        conversationId,
        attempts,
        availableAt,
        enqueuedAt,
        errors,
        priority,
        key,
        headers);
  }

  /** This event with another priority. */
  public QueuedEvent withPriority(Priority newPriority) {
    return new QueuedEvent(
        id,
        instanceId,
        machine,
        event,
        source,
        conversationId,
        attempts,
        availableAt,
        enqueuedAt,
        errors,
        newPriority,
        idempotencyKey,
        headers);
  }

  /** This event in a conversation (the target instance's). */
  public QueuedEvent withConversationId(String conversation) {
    return new QueuedEvent(
        id,
        instanceId,
        machine,
        event,
        source,
        conversation,
        attempts,
        availableAt,
        enqueuedAt,
        errors,
        priority,
        idempotencyKey,
        headers);
  }

  /** This event with its store-assigned id. */
  public QueuedEvent withId(long newId) {
    return new QueuedEvent(
        newId,
        instanceId,
        machine,
        event,
        source,
        conversationId,
        attempts,
        availableAt,
        enqueuedAt,
        errors,
        priority,
        idempotencyKey,
        headers);
  }

  /** This event after one more failed attempt, to be retried at {@code retryAt}. */
  public QueuedEvent failed(AttemptError error, Instant retryAt) {
    List<AttemptError> more = new ArrayList<>(errors);
    more.add(error);
    return new QueuedEvent(
        id,
        instanceId,
        machine,
        event,
        source,
        conversationId,
        attempts + 1,
        retryAt,
        enqueuedAt,
        more,
        priority,
        idempotencyKey,
        headers);
  }

  /** The error of the latest failed attempt. */
  public Optional<AttemptError> lastError() {
    return errors.isEmpty() ? Optional.empty() : Optional.of(errors.get(errors.size() - 1));
  }
}
