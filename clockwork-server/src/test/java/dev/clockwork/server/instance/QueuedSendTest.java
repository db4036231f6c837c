package dev.clockwork.server.instance;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.server.ApiFixture;
import dev.clockwork.server.ApiFixture.Response;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Queued sends ({@code ?mode=queued} or {@code Prefer: respond-async}): validated in the request,
 * answered 202 with the event's id and Location, processed later; then looked up by id.
 */
class QueuedSendTest {
  static final ApiFixture API = ApiFixture.start(b -> b.register(TabMachine.definition()));
  static final String QUEUED = "/api/instances/tab-1/events?mode=queued";

  @AfterAll
  static void stop() {
    API.close();
  }

  @BeforeEach
  void openTab() {
    API.reset();
    API.engine().create(NewInstance.of("tab").id("tab-1"));
  }

  private static long queuedRows() {
    return ((Number) API.database().single("SELECT count(*) FROM cw_queue")).longValue();
  }

  private static int total() {
    return ((Number) API.engine().instances().get("tab-1").context().get("total")).intValue();
  }

  @Test
  void isAnswered202WithTheEventAndItsLocationAndProcessedLater() {
    Response response =
        API.post(QUEUED, ApiFixture.OPERATOR, "{\"type\": \"ADD\", \"payload\": {\"amount\": 3}}");

    assertThat(response.status()).isEqualTo(202);
    JsonNode body = response.json();
    long eventId = body.get("event_id").asLong();
    String location = "/api/instances/tab-1/events/" + eventId;
    assertThat(response.header("Location")).isEqualTo(location);
    assertThat(body.get("instance_id").asText()).isEqualTo("tab-1");
    assertThat(body.get("status").asText()).isEqualTo("pending");
    assertThat(body.at("/links/self").asText()).isEqualTo(location);
    assertThat(total()).isEqualTo(0);

    JsonNode pending = API.get(location, ApiFixture.VIEWER).json();
    assertThat(pending.get("status").asText()).isEqualTo("pending");
    assertThat(pending.get("type").asText()).isEqualTo("ADD");
    assertThat(pending.get("attempts").asInt()).isZero();

    API.engine().runDue();
    JsonNode applied = API.get(location, ApiFixture.VIEWER).json();
    assertThat(applied.get("status").asText()).isEqualTo("applied");
    assertThat(applied.get("attempts").asInt())
        .as("the attempt that applied it, as its history row says")
        .isEqualTo(1);
    assertThat(applied.get("callbacks")).isEmpty();
    assertThat(total()).isEqualTo(3);
  }

  @Test
  void preferRespondAsyncQueuesToo() {
    Response response =
        API.post(
            "/api/instances/tab-1/events",
            ApiFixture.OPERATOR,
            "{\"type\": \"CLOSE\"}",
            Map.of("Prefer", "respond-async, wait=10"));

    assertThat(response.status()).isEqualTo(202);
    assertThat(response.header("Preference-Applied")).isEqualTo("respond-async");
    assertThat(queuedRows()).isEqualTo(1);
    assertThat(API.engine().instances().get("tab-1").states()).containsExactly("open");
  }

  @Test
  void recordsTheCallersPrincipalAsTheEventsSource() {
    API.post(QUEUED, ApiFixture.OPERATOR, "{\"type\": \"CLOSE\"}");

    assertThat(API.database().single("SELECT source FROM cw_queue")).isEqualTo("api:otto-operator");
  }

  @Test
  void isValidatedBeforeThe202AndNothingIsQueuedWhenItFails() {
    Response unknownEvent = API.post(QUEUED, ApiFixture.OPERATOR, "{\"type\": \"ADDD\"}");
    Response invalid =
        API.post(QUEUED, ApiFixture.OPERATOR, "{\"type\": \"ADD\", \"payload\": {}}");
    Response malformed =
        API.post(QUEUED, ApiFixture.OPERATOR, "{\"type\": \"ADD\", \"payload\": [1]}");
    Response unknownField =
        API.post(QUEUED, ApiFixture.OPERATOR, "{\"type\": \"ADD\", \"amount\": 1}");
    Response unknownInstance =
        API.post(
            "/api/instances/nobody/events?mode=queued", ApiFixture.OPERATOR, "{\"type\": \"ADD\"}");
    Response badMode =
        API.post(
            "/api/instances/tab-1/events?mode=later", ApiFixture.OPERATOR, "{\"type\": \"CLOSE\"}");

    assertThat(unknownEvent.status()).isEqualTo(400);
    assertThat(unknownEvent.json().get("type").asText()).endsWith("/unknown-event");
    assertThat(invalid.status()).isEqualTo(400);
    assertThat(invalid.json().get("errors").get(0).asText())
        .isEqualTo("payload.amount is required");
    assertThat(malformed.status()).isEqualTo(400);
    assertThat(unknownField.status()).isEqualTo(400);
    assertThat(unknownField.json().get("detail").asText()).contains("amount").contains("payload");
    assertThat(unknownInstance.status()).isEqualTo(400);
    assertThat(unknownInstance.json().get("detail").asText()).contains("nobody");
    assertThat(badMode.status()).isEqualTo(400);
    assertThat(badMode.json().get("detail").asText()).contains("mode=queued");
    assertThat(queuedRows()).isZero();
  }

  @Test
  void theSameKeyTwiceQueuesOneEventAndAnotherEventUnderItIs409() {
    Map<String, String> key = Map.of("Idempotency-Key", "pay-42");
    String add = "{\"type\": \"ADD\", \"payload\": {\"amount\": 2}}";
    Response first = API.post(QUEUED, ApiFixture.OPERATOR, add, key);
    Response again = API.post(QUEUED, ApiFixture.OPERATOR, add, key);
    Response other =
        API.post(
            QUEUED, ApiFixture.OPERATOR, "{\"type\": \"ADD\", \"payload\": {\"amount\": 9}}", key);

    assertThat(first.status()).isEqualTo(202);
    assertThat(again.status()).isEqualTo(202);
    assertThat(again.json().get("event_id")).isEqualTo(first.json().get("event_id"));
    assertThat(again.header("Location")).isEqualTo(first.header("Location"));
    assertThat(other.status()).isEqualTo(409);
    assertThat(other.json().get("detail").asText()).contains("pay-42");
    assertThat(queuedRows()).isEqualTo(1);

    API.engine().runDue();
    Response afterwards = API.post(QUEUED, ApiFixture.OPERATOR, add, key);
    assertThat(afterwards.json().get("event_id")).isEqualTo(first.json().get("event_id"));
    assertThat(again.json().get("status").asText())
        .as("replayed while queued")
        .isEqualTo("pending");
    assertThat(afterwards.json().get("status").asText())
        .as("a replay says what became of the first")
        .isEqualTo("applied");
    assertThat(total()).isEqualTo(2);
  }

  @Test
  void aCallbackUrlIsRefusedUntilCallbacksAreConfigured() {
    Response response =
        API.post(
            QUEUED,
            ApiFixture.OPERATOR,
            "{\"type\": \"CLOSE\", \"callback_url\": \"https://hooks.example.com/closed\"}");
    Response notAUrl =
        API.post(QUEUED, ApiFixture.OPERATOR, "{\"type\": \"CLOSE\", \"callback_url\": \"nope\"}");

    assertThat(response.status()).isEqualTo(400);
    assertThat(response.json().get("detail").asText())
        .contains("callbacks are not configured on this server");
    assertThat(notAUrl.status()).isEqualTo(400);
    assertThat(notAUrl.json().get("detail").asText()).contains("callback_url");
    assertThat(queuedRows()).isZero();
  }

  @Test
  void aViewerMayNotQueue() {
    assertThat(API.post(QUEUED, ApiFixture.VIEWER, "{\"type\": \"CLOSE\"}").status())
        .isEqualTo(403);
    assertThat(queuedRows()).isZero();
  }

  @Test
  void anUnknownEventIdIs404AndAWrongOneIs400() {
    Response unknown = API.get("/api/instances/tab-1/events/999999", ApiFixture.VIEWER);
    Response wrong = API.get("/api/instances/tab-1/events/abc", ApiFixture.VIEWER);
    Response noInstance = API.get("/api/instances/nobody/events/1", ApiFixture.VIEWER);

    assertThat(unknown.status()).isEqualTo(404);
    assertThat(wrong.status()).isEqualTo(400);
    assertThat(noInstance.status()).isEqualTo(404);
    assertThat(API.get("/api/instances/tab-1/events/1", null).status()).isEqualTo(401);
  }
}
