package dev.clockwork.server.api.queue;

import dev.clockwork.runtime.queue.RetriedDeadLetter;
import dev.clockwork.server.http.Paths;
import java.time.Instant;
import java.util.Map;

/**
 * A dead letter that was retried, as the API shows it: {@code status: retried}, the event it
 * became, and under {@code links.event} where that event's status is.
 */
public record RetriedView(
    long id,
    String status,
    long eventId,
    String instanceId,
    String machine,
    Instant deadAt,
    Instant availableAt,
    Map<String, String> links) {

  static RetriedView of(RetriedDeadLetter retried) {
    return new RetriedView(
        retried.id(),
        "retried",
        retried.eventId(),
        retried.instanceId(),
        retried.machine(),
        retried.deadAt(),
        retried.availableAt(),
        Map.of("event", eventPath(retried.instanceId(), retried.eventId())));
  }

  /** Where the status of event {@code eventId} of instance {@code instanceId} is. */
  static String eventPath(String instanceId, long eventId) {
    return "/api/instances/" + Paths.segment(instanceId) + "/events/" + eventId;
  }
}
