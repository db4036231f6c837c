package dev.clockwork.server.instance;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.server.ApiFixture;
import dev.clockwork.server.ApiFixture.Response;
import java.text.Normalizer;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The engine's own names and the id rules over HTTP (issue 25): a schedule run's or a child's id
 * form, an internal event ({@code @done.paid} to a checkout), a too-long or non-NFC id are each a
 * 400 problem naming the rule — never a 500, never a Java type — and nothing changes.
 */
class ReservedNamesRoutesTest {
  static final ApiFixture API = ApiFixture.start();

  @AfterAll
  static void stop() {
    API.close();
  }

  @BeforeEach
  void clean() {
    API.reset();
  }

  private static Response create(String id) {
    return API.post(
        "/api/instances",
        ApiFixture.OPERATOR,
        "{\"machine\": \"order\", \"id\": \"" + id.replace("\"", "\\\"") + "\"}");
  }

  private static void refused(Response response, String... details) {
    assertThat(response.status()).as(response.body()).isEqualTo(400);
    assertThat(response.json().get("detail").asText()).contains(details);
    assertThat(response.body()).doesNotContain("Exception").doesNotContain("dev.clockwork");
  }

  @Test
  void callersCannotCreateTheEnginesIdForms() {
    Response run = create("schedule:daily-invoice-sync:2026-05-01T08:00:00Z");
    refused(run, "is reserved", "schedule runs'");
    assertThat(run.json().get("type").asText()).endsWith("/reserved-name");
    refused(create("order-1/paying#1"), "is reserved", "child machine instances'");
    assertThat(API.engine().instances().statuses(List.of("order-1/paying#1")))
        .doesNotContainKey("order-1/paying#1");
  }

  @Test
  void idsLongerThanTheMaximumOrNotNfcAreRefused() {
    refused(create("o".repeat(201)), "instance id is 201 characters long", "at most 200");
    assertThat(create("o".repeat(200)).status()).isEqualTo(201);
    String nfd = Normalizer.normalize("café", Normalizer.Form.NFD);
    refused(create(nfd), "not in Unicode NFC", "Normalizer.normalize");
    assertThat(create(Normalizer.normalize(nfd, Normalizer.Form.NFC)).status()).isEqualTo(201);
  }

  @Test
  void internalEventsAreRefusedOnBothSendModes() {
    API.engine().create(NewInstance.of("checkout").id("checkout-1"));
    String before = API.engine().instances().get("checkout-1").states().toString();
    for (String type : new String[] {"@done.paid", "@done", "@fail", "done.state.x"}) {
      String body = "{\"type\": \"" + type + "\"}";
      Response sync =
          API.post("/api/instances/checkout-1/events?mode=sync", ApiFixture.OPERATOR, body);
      refused(sync, "'" + type + "' is reserved", "only the engine sends");
      assertThat(sync.json().get("type").asText()).endsWith("/reserved-name");
      Response queued =
          API.post("/api/instances/checkout-1/events?mode=queued", ApiFixture.OPERATOR, body);
      refused(queued, "'" + type + "' is reserved");
    }
    assertThat(API.engine().instances().get("checkout-1").states().toString()).isEqualTo(before);
    assertThat(API.engine().instances().pendingEvents("checkout-1")).isZero();
  }

  @Test
  void aTooLongIdempotencyKeyIsRefused() {
    API.engine().create(NewInstance.of("checkout").id("checkout-1"));
    Response response =
        API.post(
            "/api/instances/checkout-1/events?mode=queued",
            ApiFixture.OPERATOR,
            "{\"type\": \"CANCEL\"}",
            Map.of("Idempotency-Key", "k".repeat(201)));
    assertThat(response.status()).as(response.body()).isEqualTo(400);
    assertThat(response.json().get("detail").asText()).contains("200");
  }
}
