package dev.clockwork.runtime.store;

import java.time.Instant;

/**
 * An armed timer as operators see it.
 *
 * @param instanceId the instance
 * @param machine its machine
 * @param state the path of the state that armed the timer
 * @param event the event the fire sends
 * @param due when it fires
 * @param fires how often it fired in this state entry
 * @param key the timer's key in its state (null when the store did not say)
 */
public record TimerView(
    String instanceId,
    String machine,
    String state,
    String event,
    Instant due,
    int fires,
    String key) {
  /** A view without the timer's key. */
  public TimerView(
      String instanceId, String machine, String state, String event, Instant due, int fires) {
    this(instanceId, machine, state, event, due, fires, null);
  }
}
