package dev.clockwork.server.instance;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.server.ApiFixture;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Creating an instance and sending it an event through the API are operator actions: each is in the
 * operator log with the caller's principal and request id; a queued send is recorded by the queued
 * event itself, whose source names the caller.
 */
class InstanceAuditTest {
  static final ApiFixture API = ApiFixture.start();

  @AfterAll
  static void stop() {
    API.close();
  }

  @BeforeEach
  void clean() {
    API.reset();
  }

  @Test
  void createAndSyncSendAreInTheOperatorLog() {
    API.post(
        "/api/instances",
        ApiFixture.OPERATOR,
        "{\"machine\": \"order\", \"id\": \"audited\"}",
        Map.of("X-Request-Id", "req-create"));
    API.post(
        "/api/instances/audited/events",
        ApiFixture.OPERATOR,
        "{\"type\": \"SUBMIT\"}",
        Map.of("X-Request-Id", "req-send"));

    JsonNode items = API.get("/api/audit?limit=2", ApiFixture.ADMIN).json().get("items");

    JsonNode send = items.get(0);
    assertThat(send.get("action").asText()).isEqualTo("event.send");
    assertThat(send.get("target").asText()).isEqualTo("instance:audited");
    assertThat(send.get("principal").asText()).isEqualTo("otto-operator");
    assertThat(send.get("request_id").asText()).isEqualTo("req-send");
    assertThat(send.get("details").get("type").asText()).isEqualTo("SUBMIT");
    JsonNode create = items.get(1);
    assertThat(create.get("action").asText()).isEqualTo("instance.create");
    assertThat(create.get("request_id").asText()).isEqualTo("req-create");
    assertThat(create.get("details").get("machine").asText()).isEqualTo("order");
  }

  @Test
  void aQueuedSendNamesItsCallerAsTheEventsSource() {
    API.engine().create(NewInstance.of("order").id("queued-audit"));

    ApiFixture.Response accepted =
        API.post(
            "/api/instances/queued-audit/events?mode=queued",
            ApiFixture.OPERATOR,
            "{\"type\": \"SUBMIT\"}");

    assertThat(accepted.status()).isEqualTo(202);
    assertThat(
            API.database()
                .single("SELECT source FROM cw_queue WHERE instance_id = ?", "queued-audit"))
        .isEqualTo("api:otto-operator");
  }
}
