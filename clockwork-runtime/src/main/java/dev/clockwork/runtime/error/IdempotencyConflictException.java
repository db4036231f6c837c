package dev.clockwork.runtime.error;

import dev.clockwork.core.ClockworkException;
import dev.clockwork.core.behavior.NonRetryable;

/**
 * An idempotency key used again for an instance with another event (another type or payload), or in
 * a way its first use cannot answer: a queued event's key sent directly while that event still
 * waits, or a direct send's key queued. Nothing was queued or applied; a new event needs a new key.
 */
public final class IdempotencyConflictException extends ClockworkException implements NonRetryable {
  private static final long serialVersionUID = 1L;

  private final String instanceId;
  private final String key;

  public IdempotencyConflictException(String instanceId, String key, String why) {
    super("idempotency key '" + key + "' for instance '" + instanceId + "' " + why);
    this.instanceId = instanceId;
    this.key = key;
  }

  /** A key first used with another event. */
  public static IdempotencyConflictException otherEvent(String instanceId, String key) {
    return new IdempotencyConflictException(
        instanceId,
        key,
        "was used for another event (another type or payload); send a new event with a new key");
  }

  public String instanceId() {
    return instanceId;
  }

  public String key() {
    return key;
  }
}
