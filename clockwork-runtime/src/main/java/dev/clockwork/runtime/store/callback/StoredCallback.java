package dev.clockwork.runtime.store.callback;

import dev.clockwork.runtime.queue.Priority;
import java.net.URI;
import java.time.Instant;
import java.util.Map;

/**
 * A stored callback, as a {@link dev.clockwork.runtime.store.CallbackStore} returns it.
 *
 * @param id the store's id
 * @param instanceId the event's instance
 * @param eventKey the idempotency key the event was queued with
 * @param eventId the event's queue id; 0 while the enqueue is not known to have happened
 * @param type the event's type
 * @param payload the event's payload
 * @param priority the event's priority
 * @param url where the outcome is POSTed
 * @param principal who sent the event, or null
 * @param state where the callback is
 * @param outcome the event's outcome ({@code applied}, {@code dead_lettered}, {@code discarded}),
 *     null while waiting
 * @param body the JSON to POST, fixed once the outcome is known (null before)
 * @param attempts delivery attempts so far
 * @param nextAttemptAt when the next attempt is due (null unless due)
 * @param deliveredAt when a 2xx answer was received, or null
 * @param lastStatus the last attempt's HTTP status, or null
 * @param lastError the last attempt's error (or the abandon reason), or null
 * @param createdAt when it was registered
 */
public record StoredCallback(
    long id,
    String instanceId,
    String eventKey,
    long eventId,
    String type,
    Map<String, Object> payload,
    Priority priority,
    URI url,
    String principal,
    CallbackState state,
    String outcome,
    String body,
    int attempts,
    Instant nextAttemptAt,
    Instant deliveredAt,
    Integer lastStatus,
    String lastError,
    Instant createdAt) {}
