package dev.clockwork.core.behavior;

import dev.clockwork.core.context.Context;
import dev.clockwork.core.event.Event;
import java.time.Instant;

/**
 * What a guard can see: the context as it is now, the event being processed, the time, and which
 * delivery of the event this is.
 */
public interface GuardScope {
  Context context();

  Event event();

  /** The instant the macrostep runs at (the engine's clock, never the system clock). */
  Instant now();

  /**
   * The id of the instance processing the event, as its callers know it (never with its namespace);
   * null when the caller did not give one.
   */
  String instanceId();

  /**
   * The namespace of the instance processing the event — together with {@link #instanceId()} it
   * names the instance; null when the caller did not say (the core's own tests).
   */
  default String namespace() {
    return null;
  }

  /**
   * The queue id of the external event being processed; 0 when it did not come from a queue (a
   * direct send, a timer fire, the instance's creation). The same for every retry of that event, so
   * it suits an idempotency key. Internal events raised in the macrostep see their trigger's id.
   */
  long eventId();

  /** Which attempt at processing the event this is: 1 for the first, 2 for the first retry. */
  int attempt();

  /**
   * True while the state at {@code statePath} (a dotted path or unique name) is active, as SCXML's
   * {@code In()}; a history state never is. See {@link Guard#in(String)}.
   *
   * @throws UnsupportedOperationException where the active states are not known (a dispatched
   *     region's entry action)
   */
  default boolean in(String statePath) {
    throw new UnsupportedOperationException(
        "in(\"" + statePath + "\") needs the instance's active states, which this scope lacks");
  }
}
