package dev.clockwork.runtime.store;

import java.util.Map;

/**
 * What a store remembers of an idempotency key used for an instance.
 *
 * @param instanceId the instance
 * @param key the idempotency key
 * @param eventId the queued event the key was first used for; 0 when it was a direct send
 * @param fingerprint the first event's {@link dev.clockwork.runtime.queue.EventFingerprint}; null
 *     for keys kept before fingerprints were
 * @param outcome the first event's outcome once processed ({@code handled}, {@code states}, {@code
 *     reply}); null while the queued event waits
 */
public record IdempotencyRecord(
    String instanceId, String key, long eventId, String fingerprint, Map<String, Object> outcome) {}
