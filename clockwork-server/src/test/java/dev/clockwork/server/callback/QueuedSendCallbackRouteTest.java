package dev.clockwork.server.callback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.clockwork.server.ClockworkServer;
import dev.clockwork.server.access.AccessPolicy;
import dev.clockwork.server.access.ApiToken;
import dev.clockwork.server.access.Role;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The HTTP route and the callbacks together: {@code POST …/events?mode=queued} with {@code
 * callback_url} registers the callback (checked against the allow-list first), the outcome is
 * POSTed once the event is applied, and {@code GET …/events/{event_id}} shows the delivery.
 */
class QueuedSendCallbackRouteTest {
  private static final String TOKEN = "operator-token";
  private static final ObjectMapper JSON = new ObjectMapper();

  private final CallbackFixture fixture = new CallbackFixture();
  private final Receiver receiver = new Receiver();
  private final HttpClient http = HttpClient.newHttpClient();
  private final CallbackOptions options =
      fixture.options(receiver, b -> b.pollInterval(Duration.ofHours(1)));
  private final ClockworkServer server =
      ClockworkServer.builder(fixture.engine)
          .access(
              AccessPolicy.of(
                  List.of(ApiToken.ofSecret("otto", TOKEN, Role.OPERATOR, Set.of("*")))))
          .callbacks(options)
          .port(0)
          .start();

  @AfterEach
  void close() {
    server.close();
    receiver.close();
    fixture.close();
  }

  @Test
  void aQueuedEventWithACallbackUrlIsDeliveredAndShownOnTheEvent() throws Exception {
    fixture.job("j1");

    HttpResponse<String> accepted =
        post("/api/instances/j1/events?mode=queued", body("GO", receiver.url("/hook")));

    assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(202);
    long eventId = JSON.readTree(accepted.body()).get("event_id").asLong();
    fixture.engine.runDue();
    callbacksRunUntil(() -> receiver.requests().size() == 1);
    JsonNode delivered = JSON.readTree(receiver.requests().get(0).body());
    assertThat(delivered.get("event_id").asLong()).isEqualTo(eventId);
    assertThat(delivered.get("outcome").asText()).isEqualTo("applied");

    JsonNode status = JSON.readTree(get("/api/instances/j1/events/" + eventId).body());
    assertThat(status.get("callbacks")).hasSize(1);
    assertThat(status.get("callbacks").get(0).get("url").asText()).endsWith("/hook");
    assertThat(status.get("callbacks").get(0).get("outcome").asText()).isEqualTo("delivered");
  }

  @Test
  void aHostOffTheAllowListIsRefusedAndNothingIsQueued() throws Exception {
    fixture.job("j2");

    HttpResponse<String> refused =
        post(
            "/api/instances/j2/events?mode=queued",
            body("GO", URI.create("https://internal.example.net/steal")));

    assertThat(refused.statusCode()).isEqualTo(422);
    assertThat(refused.body()).contains("internal.example.net");
    assertThat(fixture.engine.runDue()).isZero();
  }

  private void callbacksRunUntil(Callable<Boolean> done) {
    await()
        .atMost(Duration.ofSeconds(10))
        .until(
            () -> {
              server.callbacks().orElseThrow().runDue();
              return done.call();
            });
  }

  private static String body(String type, URI callback) {
    return "{\"type\":\"" + type + "\",\"callback_url\":\"" + callback + "\"}";
  }

  private HttpResponse<String> post(String path, String json) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create(server.url() + path))
            .header("Authorization", "Bearer " + TOKEN)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(json))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private HttpResponse<String> get(String path) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create(server.url() + path))
            .header("Authorization", "Bearer " + TOKEN)
            .GET()
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }
}
