package dev.clockwork.runtime.store;

import java.util.Map;

/**
 * The outcome of an event sent with an idempotency key, kept per instance and key so that a
 * duplicate send gets the first outcome instead of a second transition.
 *
 * @param instanceId the instance
 * @param key the idempotency key
 * @param outcome JSON values: {@code handled}, {@code states}, {@code reply}
 * @param fingerprint the event's {@link dev.clockwork.runtime.queue.EventFingerprint}, kept with
 *     the key when the outcome is its first use (a direct send); null when not known
 */
public record KeyedOutcome(
    String instanceId, String key, Map<String, Object> outcome, String fingerprint) {
  /** An outcome kept without the event's fingerprint. */
  public KeyedOutcome(String instanceId, String key, Map<String, Object> outcome) {
    this(instanceId, key, outcome, null);
  }
}
