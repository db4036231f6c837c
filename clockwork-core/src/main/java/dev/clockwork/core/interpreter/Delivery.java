package dev.clockwork.core.interpreter;

/**
 * Which delivery of an event a macrostep runs in, as its guards and actions see it (for example to
 * make a call to another system idempotent per event, or to act differently on a retry).
 *
 * <pre>{@code
 * Interpreter.transition(snapshot, event, now, emitter, new Delivery("order-42", 1_017, 2));
 * }</pre>
 *
 * @param instanceId the instance processing the event; null when the caller does not say
 * @param eventId the queue id of the event being processed, 0 when the event did not come from a
 *     queue (a direct send, a timer fire, an instance's creation)
 * @param attempt the attempt number, 1 for the first
 * @param namespace the namespace the instance belongs to, as the engine names it (the core gives it
 *     no meaning; it lets actions tell tenants apart); null when the caller does not say
 */
public record Delivery(String instanceId, long eventId, int attempt, String namespace) {
  /** No instance, no queued event, first attempt: what the overloads without a delivery use. */
  public static final Delivery NONE = new Delivery(null, 0, 1);

  /** A delivery that names no namespace. */
  public Delivery(String instanceId, long eventId, int attempt) {
    this(instanceId, eventId, attempt, null);
  }

  public Delivery {
    if (eventId < 0) {
      throw new IllegalArgumentException(
          "Delivery eventId " + eventId + ": use the queue id of the event, or 0 for none");
    }
    if (attempt < 1) {
      throw new IllegalArgumentException(
          "Delivery attempt " + attempt + ": attempts are counted from 1 (the first delivery)");
    }
  }

  /** The delivery of an instance's creation: its id is known, no queued event, first attempt. */
  public static Delivery creation(String instanceId) {
    return new Delivery(instanceId, 0, 1);
  }
}
