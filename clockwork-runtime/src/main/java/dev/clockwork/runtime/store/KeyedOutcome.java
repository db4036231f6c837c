package dev.clockwork.runtime.store;

import java.util.Map;

/**
 * The outcome of an event sent with an idempotency key, kept per instance and key so that a
 * duplicate send gets the first outcome instead of a second transition.
 *
 * @param instanceId the instance
 * @param key the idempotency key
 * @param outcome JSON values: {@code handled}, {@code states}, {@code reply}
 */
public record KeyedOutcome(String instanceId, String key, Map<String, Object> outcome) {}
