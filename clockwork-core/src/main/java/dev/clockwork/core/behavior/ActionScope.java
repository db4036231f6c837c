package dev.clockwork.core.behavior;

import dev.clockwork.core.event.Event;
import java.util.Map;

/** What an action can do besides reading: write the context, raise internal events, reply. */
public interface ActionScope extends GuardScope {
  /** Sets {@code key} to a JSON value; guards and actions later in the macrostep see it. */
  void set(String key, Object value);

  /** Removes {@code key} from the context. */
  void remove(String key);

  /** Queues an internal event, processed in this macrostep before any further external event. */
  void raise(String type);

  /** Queues an internal event with a payload. */
  void raise(String type, Map<String, ?> payload);

  /** Queues an internal event. */
  void raise(Event event);

  /** The value a synchronous {@code send} returns to its caller (the last reply wins). */
  void reply(Object value);

  /**
   * Refuses the event for a business reason: the whole macrostep is rolled back and the event goes
   * to the dead letter queue at once, without retries.
   *
   * @throws BusinessFailure always
   */
  default void fail(String code) {
    throw new BusinessFailure(code, null);
  }

  /** {@link #fail(String)} with an explanation for the dead letter. */
  default void fail(String code, String message) {
    throw new BusinessFailure(code, message);
  }
}
