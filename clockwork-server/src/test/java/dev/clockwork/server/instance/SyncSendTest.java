package dev.clockwork.server.instance;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.clockwork.runtime.instance.HistoryQuery;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.server.ApiFixture;
import dev.clockwork.server.ApiFixture.Response;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@code POST /api/instances/{id}/events} processed in the request (the default). */
class SyncSendTest {
  static final ApiFixture API = ApiFixture.start(b -> b.register(TabMachine.definition()));

  @AfterAll
  static void stop() {
    API.close();
  }

  @BeforeEach
  void openTab() {
    API.reset();
    API.engine().create(NewInstance.of("tab").id("tab-1"));
  }

  private static Response send(String token, String body, Map<String, String> headers) {
    return API.post("/api/instances/tab-1/events", token, body, headers);
  }

  private static int total() {
    return ((Number) API.engine().instances().get("tab-1").context().get("total")).intValue();
  }

  @Test
  void answersWithTheNewStateTheContextAndTheReply() {
    Response response =
        send(ApiFixture.OPERATOR, "{\"type\": \"ADD\", \"payload\": {\"amount\": 7}}", Map.of());

    assertThat(response.status()).isEqualTo(200);
    JsonNode body = response.json();
    assertThat(body.get("handled").asBoolean()).isTrue();
    assertThat(body.at("/state/active_states/0").asText()).isEqualTo("open");
    assertThat(body.at("/state/status").asText()).isEqualTo("active");
    assertThat(body.at("/context/total").asInt()).isEqualTo(7);
    assertThat(body.at("/reply/total").asInt()).isEqualTo(7);
    assertThat(total()).isEqualTo(7);
  }

  @Test
  void anEventTheStateDoesNotTakeIs422AndChangesNothing() {
    send(ApiFixture.OPERATOR, "{\"type\": \"CLOSE\"}", Map.of());

    Response response =
        send(ApiFixture.OPERATOR, "{\"type\": \"ADD\", \"payload\": {\"amount\": 1}}", Map.of());

    assertThat(response.status()).isEqualTo(422);
    assertThat(response.header("Content-Type")).startsWith("application/problem+json");
    assertThat(response.json().get("detail").asText())
        .contains("tab-1")
        .contains("ADD")
        .contains("closed");
    assertThat(total()).isEqualTo(0);
  }

  @Test
  void anUnknownEventOrAnInvalidPayloadIs400NamingTheProblem() {
    int rows = API.engine().instances().history(HistoryQuery.all("tab-1")).size();
    Response unknown = send(ApiFixture.OPERATOR, "{\"type\": \"ADDD\"}", Map.of());
    Response invalid =
        send(ApiFixture.OPERATOR, "{\"type\": \"ADD\", \"payload\": {\"amout\": 1}}", Map.of());
    Response notAnObject =
        send(ApiFixture.OPERATOR, "{\"type\": \"ADD\", \"payload\": 5}", Map.of());
    Response noType = send(ApiFixture.OPERATOR, "{\"payload\": {}}", Map.of());
    Response notJson = send(ApiFixture.OPERATOR, "ADD", Map.of());

    assertThat(unknown.status()).isEqualTo(400);
    assertThat(unknown.json().get("detail").asText())
        .contains("ADDD")
        .contains("ADD")
        .contains("CLOSE");
    assertThat(invalid.status()).isEqualTo(400);
    assertThat(invalid.json().get("errors").get(0).asText())
        .isEqualTo("payload.amount is required");
    assertThat(notAnObject.status()).isEqualTo(400);
    assertThat(notAnObject.json().get("detail").asText()).contains("payload");
    assertThat(noType.status()).isEqualTo(400);
    assertThat(noType.json().get("detail").asText()).contains("type is required");
    assertThat(notJson.status()).isEqualTo(400);
    assertThat(API.engine().instances().history(HistoryQuery.all("tab-1"))).hasSize(rows);
  }

  @Test
  void anUnknownInstanceIs404() {
    Response response =
        API.post("/api/instances/nobody/events", ApiFixture.OPERATOR, "{\"type\": \"ADD\"}");

    assertThat(response.status()).isEqualTo(404);
    assertThat(response.json().get("detail").asText()).contains("nobody");
  }

  @Test
  void aViewerMayNotSendAndNoTokenIsRefused() {
    Response viewer = send(ApiFixture.VIEWER, "{\"type\": \"CLOSE\"}", Map.of());
    Response anonymous = send(null, "{\"type\": \"CLOSE\"}", Map.of());

    assertThat(viewer.status()).isEqualTo(403);
    assertThat(viewer.json().get("detail").asText()).contains("vera-viewer").contains("operator");
    assertThat(anonymous.status()).isEqualTo(401);
    assertThat(API.engine().instances().get("tab-1").states()).containsExactly("open");
  }

  @Test
  void theSameKeyAgainGetsTheFirstAnswerAndAnotherEventUnderItIs409() {
    Map<String, String> key = Map.of("Idempotency-Key", "add-1");
    Response first =
        send(ApiFixture.OPERATOR, "{\"type\": \"ADD\", \"payload\": {\"amount\": 5}}", key);
    Response again =
        send(ApiFixture.OPERATOR, "{\"type\": \"ADD\", \"payload\": {\"amount\": 5}}", key);
    Response other =
        send(ApiFixture.OPERATOR, "{\"type\": \"ADD\", \"payload\": {\"amount\": 6}}", key);

    assertThat(first.status()).isEqualTo(200);
    assertThat(again.status()).isEqualTo(200);
    assertThat(again.json().get("reply")).isEqualTo(first.json().get("reply"));
    assertThat(other.status()).isEqualTo(409);
    assertThat(other.json().get("detail").asText()).contains("add-1");
    assertThat(total()).isEqualTo(5);
  }

  @Test
  void modeSyncWinsOverPreferRespondAsync() {
    Response response =
        API.post(
            "/api/instances/tab-1/events?mode=sync",
            ApiFixture.OPERATOR,
            "{\"type\": \"CLOSE\"}",
            Map.of("Prefer", "respond-async"));

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.header("Preference-Applied")).isNull();
    assertThat(response.json().at("/state/status").asText()).isEqualTo("done");
  }

  @Test
  void aMalformedKeyIs400() {
    Response response =
        send(ApiFixture.OPERATOR, "{\"type\": \"CLOSE\"}", Map.of("Idempotency-Key", "a key"));

    assertThat(response.status()).isEqualTo(400);
    assertThat(response.json().get("detail").asText()).contains("Idempotency-Key");
  }

  @Test
  void aCallbackUrlIsForQueuedEventsOnly() {
    Response response =
        send(
            ApiFixture.OPERATOR,
            "{\"type\": \"CLOSE\", \"callback_url\": \"https://hooks.example.com/1\"}",
            Map.of());

    assertThat(response.status()).isEqualTo(400);
    assertThat(response.json().get("detail").asText()).contains("mode=queued");
    assertThat(API.engine().instances().get("tab-1").states()).containsExactly("open");
  }
}
