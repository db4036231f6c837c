package dev.clockwork.server.callback;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.clockwork.runtime.store.callback.DeliveryAttempt;
import dev.clockwork.server.http.JsonMapping;
import java.net.URI;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The deliveries of an event, written with the API's JSON mapping, have the fields the API contract
 * names for {@code GET /api/instances/{id}/events/{event_id}}'s {@code callbacks[]}.
 */
class CallbackViewJsonTest {
  @Test
  void aViewHasTheContractsSnakeCaseFields() throws Exception {
    Instant at = Instant.parse("2026-11-25T10:00:00Z");
    CallbackView view =
        new CallbackView(
            URI.create("https://hooks.example.com/x"),
            "delivered",
            "applied",
            2,
            at.plusSeconds(10),
            null,
            200,
            null,
            List.of(
                new DeliveryAttempt(1, "cwcb-1", at, 500, "answered 500"),
                new DeliveryAttempt(2, "cwcb-1", at.plusSeconds(10), 200, null)));

    JsonNode json = JsonMapping.mapper().valueToTree(view);

    assertThat(json.get("url").asText()).isEqualTo("https://hooks.example.com/x");
    assertThat(json.get("outcome").asText()).isEqualTo("delivered");
    assertThat(json.get("event_outcome").asText()).isEqualTo("applied");
    assertThat(json.get("attempts").asInt()).isEqualTo(2);
    assertThat(json.get("delivered_at").asText()).isEqualTo("2026-11-25T10:00:10Z");
    assertThat(json.get("last_status").asInt()).isEqualTo(200);
    assertThat(json.has("last_error")).isTrue();
    JsonNode first = json.get("deliveries").get(0);
    assertThat(first.get("delivery_id").asText()).isEqualTo("cwcb-1");
    assertThat(first.get("status").asInt()).isEqualTo(500);
    assertThat(first.get("error").asText()).isEqualTo("answered 500");
    assertThat(first.get("at").asText()).isEqualTo("2026-11-25T10:00:00Z");
    assertThat(first.has("succeeded")).as("no derived fields").isFalse();
  }
}
