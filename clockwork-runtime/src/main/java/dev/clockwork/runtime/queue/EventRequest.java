package dev.clockwork.runtime.queue;

import dev.clockwork.core.event.Event;
import dev.clockwork.core.input.InputRules;
import dev.clockwork.runtime.instance.NamespacedIds;
import java.util.Objects;

/**
 * An event for one instance, as {@code Engine.send} and {@code Engine.enqueue} take it: with an
 * idempotency key that makes the call safe to retry, and — for a queued event — its priority and
 * who sent it. Immutable: each method returns a new request; what is not set keeps its default.
 *
 * <pre>{@code
 * QueuedEvent queued = engine.enqueue(EventRequest.to("order-1", Event.of("PAY"))
 *     .idempotencyKey("pay-order-1")
 *     .priority(Priority.HIGH)
 *     .source("api:alice"));
 * SendResult sent = engine.send(EventRequest.to("order-2", Event.of("PAY"))
 *     .idempotencyKey("pay-order-2"));
 * }</pre>
 *
 * @param instanceId the instance the event is for
 * @param event the event
 * @param idempotencyKey null (the default), or a key: the first call with it for the instance is
 *     processed, any later one is not and answers as the first did
 * @param priority how urgent a queued event is ({@link Priority#NORMAL} by default); it counts only
 *     for machines whose queue strategy is {@code priority}
 * @param source who sent a queued event ({@value #DEFAULT_SOURCE} by default; an HTTP API records
 *     {@code api:<principal>}), kept with the queued event, its dead letter and its status
 * @param namespace the namespace of the instance ({@value NamespacedIds#DEFAULT} by default)
 */
public record EventRequest(
    String instanceId,
    Event event,
    String idempotencyKey,
    Priority priority,
    String source,
    String namespace) {

  /** The source of an event whose sender is not named. */
  public static final String DEFAULT_SOURCE = "api";

  /**
   * Checks every field.
   *
   * @throws IllegalArgumentException when the source is blank, a field holds a NUL, or the
   *     idempotency key breaks the id rules ({@link InputRules#id})
   */
  public EventRequest {
    Objects.requireNonNull(event, "event");
    Objects.requireNonNull(priority, "priority");
    if (source == null || source.isBlank()) {
      throw new IllegalArgumentException("source is blank; name who sends the event, such as api");
    }
    InputRules.text("instance id", instanceId);
    InputRules.id("idempotency key", idempotencyKey);
    InputRules.text("source", source);
    namespace = namespace == null ? NamespacedIds.DEFAULT : NamespacedIds.checkedName(namespace);
  }

  /** {@code event} for the instance {@code instanceId}, with every default. */
  public static EventRequest to(String instanceId, Event event) {
    return new EventRequest(instanceId, event, null, Priority.NORMAL, DEFAULT_SOURCE, null);
  }

  /** With the idempotency key {@code key} (null: none). */
  public EventRequest idempotencyKey(String key) {
    return new EventRequest(instanceId, event, key, priority, source, namespace);
  }

  /** With the priority {@code level}. */
  public EventRequest priority(Priority level) {
    return new EventRequest(instanceId, event, idempotencyKey, level, source, namespace);
  }

  /** Sent by {@code sender}. */
  public EventRequest source(String sender) {
    return new EventRequest(instanceId, event, idempotencyKey, priority, sender, namespace);
  }

  /** For the instance {@code instanceId} of the namespace {@code name} (null: the default one). */
  public EventRequest namespace(String name) {
    return new EventRequest(instanceId, event, idempotencyKey, priority, source, name);
  }

  /**
   * The same request addressed by the instance's stored id ({@link NamespacedIds}) in the default
   * namespace: the form the engine's queue works with.
   *
   * @throws IllegalArgumentException when the instance id holds a control character (a stored id of
   *     another namespace is not an id of this one)
   */
  public EventRequest stored() {
    String storedId = NamespacedIds.stored(namespace, instanceId);
    if (NamespacedIds.DEFAULT.equals(namespace)) {
      return this;
    }
    return new EventRequest(storedId, event, idempotencyKey, priority, source, null);
  }
}
