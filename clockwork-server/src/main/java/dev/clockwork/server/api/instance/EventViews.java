package dev.clockwork.server.api.instance;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.clockwork.runtime.SendResult;
import dev.clockwork.runtime.instance.NamespacedIds;
import dev.clockwork.runtime.queue.AttemptError;
import dev.clockwork.runtime.queue.EventStatus;
import dev.clockwork.server.callback.CallbackView;
import dev.clockwork.server.http.Paths;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** How the API answers event sends and writes a queued event's status. */
final class EventViews {
  private EventViews() {}

  /** Where the instance is after a synchronous send. */
  record StateView(List<String> activeStates, String status) {}

  /** The answer to a synchronous send (200). */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  record SentView(boolean handled, StateView state, Map<String, Object> context, Object reply) {}

  /** The answer to a queued send (202). */
  record AcceptedView(long eventId, String instanceId, String status, Map<String, String> links) {}

  /** One failed attempt. */
  record AttemptView(int attempt, Instant at, String error) {}

  /** A queued event's fate. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  record EventStatusView(
      long eventId,
      String instanceId,
      String type,
      String status,
      int attempts,
      Instant nextAttemptAt,
      Long deadLetterId,
      List<AttemptView> errors,
      List<CallbackView> callbacks) {}

  static SentView sent(SendResult result) {
    return new SentView(
        result.handled(),
        new StateView(result.instance().states(), InstanceViews.status(result.instance().status())),
        result.instance().context(),
        result.reply().orElse(null));
  }

  static AcceptedView accepted(String instanceId, long eventId, String status) {
    return new AcceptedView(
        eventId, instanceId, status, Map.of("self", location(instanceId, eventId)));
  }

  /** A queued event's state as the API names it. */
  static String stateName(EventStatus.State state) {
    return state.name().toLowerCase(Locale.ROOT);
  }

  static String location(String instanceId, long eventId) {
    return "/api/instances/" + Paths.segment(instanceId) + "/events/" + eventId;
  }

  static EventStatusView status(EventStatus status, List<CallbackView> callbacks) {
    return new EventStatusView(
        status.eventId(),
        NamespacedIds.idOf(status.instanceId()),
        status.eventType(),
        stateName(status.state()),
        attemptsMade(status),
        status.nextAttemptAt(),
        status.deadLetterId() > 0 ? status.deadLetterId() : null,
        status.errors().stream().map(EventViews::attempt).toList(),
        callbacks);
  }

  /**
   * The attempts made: the failed ones, and for an applied event the one that applied it — the
   * number its history row carries (the runtime's status counts failed attempts only).
   */
  static int attemptsMade(EventStatus status) {
    return status.attempts() + (status.state() == EventStatus.State.APPLIED ? 1 : 0);
  }

  private static AttemptView attempt(AttemptError error) {
    return new AttemptView(error.attempt(), error.at(), error.error());
  }
}
