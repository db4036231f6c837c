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
   * Sends {@code event} to another instance and waits for it: the target processes it inline, in
   * this unit of work (both commit together or not at all), and its reply comes back. Chains are
   * allowed (the target may emit in turn); a cycle back to an instance already in the chain fails.
   * A {@link Target#machine(String) machine target} is the instance of that machine in this
   * instance's conversation, created in it when there is none.
   *
   * @return the target's reply, or null when it gave none
   */
  Object emit(Target target, Event event);

  /** {@link #emit(Target, Event)} to the instance with this id. */
  default Object emit(String instanceId, Event event) {
    return emit(Target.instance(instanceId), event);
  }

  /**
   * Queues {@code event} for another instance (with this step's commit) and does not wait; a
   * machine target is found or created in this instance's conversation, and {@link Target#parent()}
   * is the instance that invoked this one as a child machine.
   */
  void emitAsync(Target target, Event event);

  /** {@link #emitAsync(Target, Event)} to the instance with this id. */
  default void emitAsync(String instanceId, Event event) {
    emitAsync(Target.instance(instanceId), event);
  }

  /**
   * Queues {@code event} for every instance of {@code machine} that is in {@code state} when this
   * step commits (asynchronously only).
   */
  void broadcast(String machine, String state, Event event);

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
