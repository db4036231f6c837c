package dev.clockwork.server.callback;

import dev.clockwork.runtime.store.callback.DeliveryAttempt;
import dev.clockwork.runtime.store.callback.StoredCallback;
import java.net.URI;
import java.time.Instant;
import java.util.List;

/**
 * A callback as shown on its event ({@code GET /api/instances/{id}/events/{event_id}}).
 *
 * @param url where it is sent
 * @param outcome where the delivery is: {@code waiting} (for the event's outcome), {@code due},
 *     {@code delivered}, {@code failed}, {@code abandoned}
 * @param eventOutcome the event's outcome it reports ({@code applied}, {@code dead_lettered},
 *     {@code discarded}), null while waiting
 * @param attempts delivery attempts so far
 * @param deliveredAt when a 2xx answer came, or null
 * @param nextAttemptAt when the next attempt is due, or null
 * @param lastStatus the last attempt's HTTP status, or null
 * @param lastError the last attempt's error, or null
 * @param deliveries every attempt, in order
 */
public record CallbackView(
    URI url,
    String outcome,
    String eventOutcome,
    int attempts,
    Instant deliveredAt,
    Instant nextAttemptAt,
    Integer lastStatus,
    String lastError,
    List<DeliveryAttempt> deliveries) {

  static CallbackView of(StoredCallback callback, List<DeliveryAttempt> deliveries) {
    return new CallbackView(
        callback.url(),
        callback.state().label(),
        callback.outcome(),
        callback.attempts(),
        callback.deliveredAt(),
        callback.nextAttemptAt(),
        callback.lastStatus(),
        callback.lastError(),
        List.copyOf(deliveries));
  }
}
