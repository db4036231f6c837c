package dev.clockwork.server.instance;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.server.ApiFixture;
import dev.clockwork.server.ApiFixture.Response;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Creating an instance, reading it, its diagram and its conversation. */
class InstanceRoutesTest {
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
  void createsAnInstanceAnswering201WithItsLocationAndView() {
    Response response =
        API.post(
            "/api/instances",
            ApiFixture.OPERATOR,
            """
            {"machine": "order", "id": "order-1", "input": {"customer": "c-7"},
             "labels": {"team": "shop"}, "memo": {"note": "first"},
             "search_attributes": {"tenant": 42}}
            """);

    assertThat(response.status()).isEqualTo(201);
    assertThat(response.header("Location")).isEqualTo("/api/instances/order-1");
    JsonNode body = response.json();
    assertThat(body.get("id").asText()).isEqualTo("order-1");
    assertThat(body.get("status").asText()).isEqualTo("active");
    assertThat(body.at("/active_states/0").asText()).isEqualTo("idle");
    assertThat(body.at("/context/customer").asText()).isEqualTo("c-7");
    assertThat(body.at("/labels/team").asText()).isEqualTo("shop");
    assertThat(body.at("/memo/note").asText()).isEqualTo("first");
    assertThat(body.at("/search_attributes/tenant").asInt()).isEqualTo(42);
    assertThat(body.get("queue").asText()).isEqualTo("default");
    assertThat(API.engine().instances().get("order-1").labels()).containsEntry("team", "shop");
  }

  @Test
  void createWithoutAnIdPicksOne() {
    Response response = API.post("/api/instances", ApiFixture.OPERATOR, "{\"machine\": \"order\"}");

    assertThat(response.status()).isEqualTo(201);
    String id = response.json().get("id").asText();
    assertThat(id).startsWith("order:");
    assertThat(response.header("Location")).isEqualTo("/api/instances/" + id);
  }

  @Test
  void createRefusesWhatItCannotDo() {
    API.engine().create(NewInstance.of("order").id("order-1"));

    Response duplicate =
        API.post(
            "/api/instances", ApiFixture.OPERATOR, "{\"machine\": \"order\", \"id\": \"order-1\"}");
    Response unknownMachine =
        API.post("/api/instances", ApiFixture.OPERATOR, "{\"machine\": \"ordr\"}");
    Response noMachine = API.post("/api/instances", ApiFixture.OPERATOR, "{\"id\": \"x\"}");
    Response childLikeId =
        API.post(
            "/api/instances", ApiFixture.OPERATOR, "{\"machine\": \"order\", \"id\": \"a/b\"}");
    Response unknownField =
        API.post("/api/instances", ApiFixture.OPERATOR, "{\"machine\": \"order\", \"lables\": {}}");
    Response viewer = API.post("/api/instances", ApiFixture.VIEWER, "{\"machine\": \"order\"}");

    assertThat(duplicate.status()).isEqualTo(409);
    assertThat(duplicate.json().get("detail").asText()).contains("order-1");
    assertThat(unknownMachine.status()).isEqualTo(400);
    assertThat(unknownMachine.json().get("detail").asText()).contains("ordr").contains("order");
    assertThat(noMachine.status()).isEqualTo(400);
    assertThat(noMachine.json().get("detail").asText()).contains("machine is required");
    assertThat(childLikeId.status()).isEqualTo(400);
    assertThat(unknownField.status()).isEqualTo(400);
    assertThat(unknownField.json().get("detail").asText()).contains("lables").contains("labels");
    assertThat(viewer.status()).isEqualTo(403);
    assertThat(
            API.engine()
                .instances()
                .list(dev.clockwork.runtime.instance.InstanceQuery.builder().build()))
        .hasSize(1);
  }

  @Test
  void readsAnInstanceWithItsArmedTimers() {
    API.engine().create(NewInstance.of("order").id("order-1"));
    API.engine().send("order-1", Event.of("SUBMIT"));

    Response response = API.get("/api/instances/order-1", ApiFixture.VIEWER);

    assertThat(response.status()).isEqualTo(200);
    JsonNode body = response.json();
    assertThat(body.at("/active_states/0").asText()).isEqualTo("awaiting_payment");
    assertThat(body.at("/context/paid").asBoolean()).isFalse();
    assertThat(body.get("conversation_id").asText()).isNotBlank();
    JsonNode timer = body.at("/timers/0");
    assertThat(timer.get("event").asText()).isEqualTo("ORDER_EXPIRED");
    assertThat(timer.get("state").asText()).isEqualTo("awaiting_payment");
    assertThat(timer.get("due_at").asText()).isEqualTo("2026-12-02T10:00:00Z");
    assertThat(timer.get("fires").asInt()).isZero();
    assertThat(body.get("failed_timers")).isEmpty();
    assertThat(body.get("children")).isEmpty();
    assertThat(body.get("pending_events").asLong()).isZero();
    API.engine().enqueue("order-1", dev.clockwork.core.event.Event.of("PAY"));
    assertThat(
            API.get("/api/instances/order-1", ApiFixture.VIEWER)
                .json()
                .get("pending_events")
                .asLong())
        .isEqualTo(1);
  }

  @Test
  void offersTheEventsItsActiveStateAcceptsButNoTimerEventAndNoneOnceFinished() {
    API.engine().create(NewInstance.of("order").id("order-1"));
    assertThat(acceptedEvents("order-1")).containsExactly("SUBMIT");

    API.engine().send("order-1", Event.of("SUBMIT"));
    assertThat(acceptedEvents("order-1")).as("ORDER_EXPIRED is its timer's").containsExactly("PAY");

    API.engine().send("order-1", Event.of("PAY"));
    API.engine().send("order-1", Event.of("SHIP"));
    assertThat(API.get("/api/instances/order-1", ApiFixture.VIEWER).json().get("status").asText())
        .isEqualTo("done");
    assertThat(acceptedEvents("order-1")).isEmpty();
  }

  private static java.util.List<String> acceptedEvents(String id) {
    JsonNode accepted =
        API.get("/api/instances/" + id, ApiFixture.VIEWER).json().get("accepted_events");
    assertThat(accepted).as("accepted_events is in the view").isNotNull();
    java.util.List<String> events = new java.util.ArrayList<>();
    accepted.forEach(e -> events.add(e.asText()));
    return events;
  }

  @Test
  void listsAnInstancesChildren() {
    API.engine().create(NewInstance.of("checkout").id("checkout-1"));

    JsonNode body = API.get("/api/instances/checkout-1", ApiFixture.VIEWER).json();

    assertThat(body.get("children")).hasSize(1);
    JsonNode child = body.at("/children/0");
    assertThat(child.get("id").asText()).startsWith("checkout-1/paying#");
    assertThat(child.get("machine").asText()).isEqualTo("payment");
    assertThat(child.get("status").asText()).isEqualTo("active");
    assertThat(child.get("active_states")).isNotEmpty();
  }

  @Test
  void anUnknownInstanceIs404AndReadingNeedsAToken() {
    Response unknown = API.get("/api/instances/nobody", ApiFixture.VIEWER);

    assertThat(unknown.status()).isEqualTo(404);
    assertThat(unknown.json().get("detail").asText()).contains("nobody");
    assertThat(API.get("/api/instances/nobody", null).status()).isEqualTo(401);
    assertThat(API.get("/api/instances/nobody/diagram", ApiFixture.VIEWER).status()).isEqualTo(404);
  }

  @Test
  void drawsTheDiagramWithTheActiveStateMarked() {
    API.engine().create(NewInstance.of("order").id("order-1"));
    API.engine().send("order-1", Event.of("SUBMIT"));

    Response response = API.get("/api/instances/order-1/diagram", ApiFixture.VIEWER);

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.header("Content-Type")).startsWith("text/vnd.mermaid");
    assertThat(response.body()).startsWith("stateDiagram-v2");
    String classLine =
        response
            .body()
            .lines()
            .filter(l -> l.trim().startsWith("class "))
            .findFirst()
            .orElseThrow();
    assertThat(classLine.trim())
        .isEqualTo("class " + diagramId(response.body(), "awaiting_payment") + " active");
  }

  /** The diagram's id of the state labelled {@code name}: {@code state "name" as s2}. */
  private static String diagramId(String diagram, String name) {
    String declared = "state \"" + name + "\" as ";
    return diagram
        .lines()
        .map(String::trim)
        .filter(l -> l.startsWith(declared))
        .map(l -> l.substring(declared.length()))
        .findFirst()
        .orElseThrow();
  }

  @Test
  void listsTheInstancesOfAConversation() {
    API.engine().create(NewInstance.of("checkout").id("checkout-1"));
    API.engine().create(NewInstance.of("order").id("order-1"));
    String conversation = API.engine().instances().get("checkout-1").conversationId();

    Response response = API.get("/api/conversations/" + conversation, ApiFixture.VIEWER);
    Response unknown = API.get("/api/conversations/none-such", ApiFixture.VIEWER);

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.json().get("items").findValuesAsText("machine"))
        .containsExactly("checkout", "payment");
    assertThat(response.json().get("has_more").asBoolean()).isFalse();
    assertThat(unknown.status()).isEqualTo(404);
  }
}
