package dev.clockwork.runtime.store.callback;

import java.time.Instant;

/**
 * One attempt to deliver a callback.
 *
 * @param attempt its number, from 1
 * @param deliveryId the {@code X-Clockwork-Delivery} header sent (the same for every attempt of one
 *     callback, so a receiver can drop a duplicate)
 * @param at when it was made (engine clock)
 * @param status the HTTP status answered, or null when there was no answer
 * @param error what went wrong (a non-2xx status, a timeout, a refused connection), or null
 */
public record DeliveryAttempt(
    int attempt, String deliveryId, Instant at, Integer status, String error) {
  /** Whether the receiver accepted it (a 2xx status). */
  public boolean succeeded() {
    return status != null && status >= 200 && status < 300;
  }
}
