package dev.clockwork.runtime.store.callback;

import dev.clockwork.runtime.queue.Priority;
import java.net.URI;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;

/**
 * A callback to store before its event is queued: the event itself and the idempotency key it is
 * queued with, so that it can be queued again (once) if the server stops in between.
 *
 * @param instanceId the event's instance
 * @param eventKey the idempotency key the event is queued with
 * @param type the event's type
 * @param payload the event's payload
 * @param priority the event's priority
 * @param url where its outcome is POSTed
 * @param principal who sent it (recorded, may be null)
 * @param createdAt when it was registered (engine clock)
 */
public record NewCallback(
    String instanceId,
    String eventKey,
    String type,
    Map<String, Object> payload,
    Priority priority,
    URI url,
    String principal,
    Instant createdAt) {
  public NewCallback {
    Objects.requireNonNull(instanceId, "instanceId");
    Objects.requireNonNull(eventKey, "eventKey");
    Objects.requireNonNull(type, "type");
    payload = payload == null ? Map.of() : payload;
    priority = priority == null ? Priority.NORMAL : priority;
    Objects.requireNonNull(url, "url");
    Objects.requireNonNull(createdAt, "createdAt");
  }
}
