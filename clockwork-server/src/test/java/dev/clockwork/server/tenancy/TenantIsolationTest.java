package dev.clockwork.server.tenancy;

import static dev.clockwork.server.ApiFixture.ADMIN;
import static dev.clockwork.server.ApiFixture.TENANTS_A_AND_B;
import static dev.clockwork.server.ApiFixture.TENANT_A;
import static dev.clockwork.server.ApiFixture.TENANT_A_ADMIN;
import static dev.clockwork.server.ApiFixture.TENANT_B;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.time.Timer;
import dev.clockwork.server.ApiFixture;
import dev.clockwork.server.ApiFixture.Response;
import dev.clockwork.server.SseReader;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Two tenants' tokens over one server: each sees, changes and streams only its own instances, dead
 * letters, timers and audit; {@code order-42} exists in both; another tenant's instance is a 404,
 * never a 403; what spans every tenant (a machine's queue) needs a token for every namespace.
 */
class TenantIsolationTest {
  /** A desk: takes NOTE, refuses REFUSE for good (a dead letter), reminds itself after an hour. */
  static final MachineDefinition DESK =
      Machine.define("desk")
          .initial("open")
          .state(
              "open",
              s ->
                  s.on("NOTE", t -> t.action(x -> x.set("noted", x.event().type())))
                      .on("REFUSE", t -> t.action(x -> x.fail("NO", "refused for good")))
                      .on("REMIND", t -> t.action(x -> {}).after(Timer.hours(1))))
          .build();

  static final ApiFixture API = ApiFixture.start(b -> b.register(DESK));

  @AfterAll
  static void stop() {
    API.close();
  }

  @BeforeEach
  void clean() {
    API.reset();
  }

  private static Response create(String token, String id) {
    return API.post("/api/instances", token, "{\"machine\":\"desk\",\"id\":\"" + id + "\"}");
  }

  private static Response send(String token, String id, String type) {
    return API.post("/api/instances/" + id + "/events", token, "{\"type\":\"" + type + "\"}");
  }

  @Test
  void eachTenantHasItsOwnOrder42() {
    assertThat(create(TENANT_A, "order-42").status()).isEqualTo(201);
    assertThat(create(TENANT_B, "order-42").status()).isEqualTo(201);

    assertThat(send(TENANT_B, "order-42", "NOTE").status()).isEqualTo(200);

    JsonNode a = API.get("/api/instances/order-42", TENANT_A).json();
    JsonNode b = API.get("/api/instances/order-42", TENANT_B).json();
    assertThat(a.get("namespace").asText()).isEqualTo("tenant-a");
    assertThat(a.get("context").has("noted")).as("B's event never reached A's order").isFalse();
    assertThat(b.get("namespace").asText()).isEqualTo("tenant-b");
    assertThat(b.get("context").get("noted").asText()).isEqualTo("NOTE");
    // a token for every namespace names the one it acts in; the default has no order-42
    assertThat(API.get("/api/instances/order-42", ADMIN).status()).isEqualTo(404);
    assertThat(
            API.get("/api/instances/order-42", ADMIN, Map.of("X-Namespace", "tenant-b"))
                .json()
                .get("context")
                .get("noted")
                .asText())
        .isEqualTo("NOTE");
    assertThat(API.engine().namespace("tenant-a").instances().get("order-42").context())
        .doesNotContainKey("noted");
  }

  @Test
  void anotherTenantsInstanceIsNotFoundWhateverIsAsked() {
    create(TENANT_A, "a-only");
    String conversation =
        API.get("/api/instances/a-only", TENANT_A).json().get("conversation_id").asText();

    assertThat(API.get("/api/instances/a-only", TENANT_B).status()).isEqualTo(404);
    assertThat(API.get("/api/instances/a-only/history", TENANT_B).status()).isEqualTo(404);
    assertThat(API.get("/api/instances/a-only/diagram", TENANT_B).status()).isEqualTo(404);
    assertThat(send(TENANT_B, "a-only", "NOTE").status()).isEqualTo(404);
    assertThat(
            API.post("/api/instances/a-only/events?mode=queued", TENANT_B, "{\"type\":\"NOTE\"}")
                .status())
        .isEqualTo(400);
    assertThat(API.get("/api/conversations/" + conversation, TENANT_B).status()).isEqualTo(404);
    assertThat(API.get("/api/instances?machine=desk", TENANT_B).json().get("items")).isEmpty();
    assertThat(API.get("/api/instances?machine=desk", TENANT_A).json().get("items"))
        .extracting(item -> item.get("id").asText())
        .containsExactly("a-only");
    assertThat(API.engine().namespace("tenant-a").instances().get("a-only").context())
        .doesNotContainKey("noted");
  }

  @Test
  void aTokenCannotNameANamespaceItDoesNotHold() {
    Response refused = API.get("/api/instances", TENANT_B, Map.of("X-Namespace", "tenant-a"));
    assertThat(refused.status()).isEqualTo(403);
    assertThat(refused.body()).contains("tenant-a");
    assertThat(API.get("/api/instances?namespace=tenant-a", TENANT_B).status()).isEqualTo(403);
  }

  @Test
  void deadLettersAreEachTenantsOwn() {
    create(TENANT_A, "a-1");
    create(TENANT_B, "b-1");
    API.post("/api/instances/a-1/events?mode=queued", TENANT_A, "{\"type\":\"REFUSE\"}");
    API.engine().runDue();

    JsonNode aLetters = API.get("/api/dead-letters", TENANT_A).json().get("items");
    assertThat(aLetters).hasSize(1);
    assertThat(aLetters.get(0).get("instance_id").asText()).isEqualTo("a-1");
    assertThat(API.get("/api/dead-letters", TENANT_B).json().get("items")).isEmpty();
    long id = aLetters.get(0).get("id").asLong();
    assertThat(API.get("/api/dead-letters/" + id, TENANT_B).status()).isEqualTo(404);
    assertThat(API.post("/api/dead-letters/" + id + "/retry", TENANT_B, "{}").status())
        .isEqualTo(404);
    assertThat(API.get("/api/dead-letters/" + id, TENANT_A).status()).isEqualTo(200);
    assertThat(API.post("/api/dead-letters/" + id + "/retry", TENANT_A, "{}").status())
        .isEqualTo(200);
  }

  @Test
  void armedTimersAreEachTenantsOwn() {
    create(TENANT_A, "a-1");
    create(TENANT_B, "b-1");

    JsonNode aTimers = API.get("/api/timers", TENANT_A).json().get("items");
    assertThat(aTimers).extracting(t -> t.get("instance_id").asText()).containsExactly("a-1");
    JsonNode bTimers = API.get("/api/timers", TENANT_B).json().get("items");
    assertThat(bTimers).extracting(t -> t.get("instance_id").asText()).containsExactly("b-1");
  }

  @Test
  void theAuditOfATenantShowsItsOwnActionsOnly() {
    create(TENANT_A, "a-1");
    create(TENANT_B, "b-1");

    JsonNode aAudit = API.get("/api/audit", TENANT_A_ADMIN).json().get("items");
    assertThat(aAudit)
        .extracting(row -> row.get("target").asText())
        .containsExactly("instance:a-1");
    JsonNode everything = API.get("/api/audit", ADMIN).json().get("items");
    assertThat(everything)
        .extracting(row -> row.get("target").asText())
        .contains("instance:a-1", "instance:b-1");
  }

  @Test
  void whatSpansEveryTenantNeedsATokenForEveryNamespace() {
    for (String path : List.of("/api/queues", "/api/queues/desk", "/api/health/queues")) {
      Response refused = API.get(path, TENANT_A);
      assertThat(refused.status()).as(path).isEqualTo(403);
      assertThat(refused.body()).as(path).contains("every namespace");
    }
    assertThat(API.post("/api/queues/desk/pause", TENANT_A, "{}").status()).isEqualTo(403);
    assertThat(API.store().queueAdmin().isPaused("desk")).isFalse();
    assertThat(API.delete("/api/dead-letters?machine=desk", TENANT_A, Map.of()).status())
        .isEqualTo(403);
    assertThat(API.post("/api/queues/desk/pause", ADMIN, "{}").status()).isEqualTo(200);
    API.engine().admin().queues().resume("desk");
  }

  @Test
  void aTenantsStreamCarriesItsOwnInstancesOnly() {
    try (SseReader a = new SseReader(API.url(), TENANT_A);
        SseReader b = new SseReader(API.url(), TENANT_B);
        SseReader all = new SseReader(API.url(), ADMIN)) {
      await().atMost(Duration.ofSeconds(10)).until(() -> all.queuePushes() > 0);
      create(TENANT_A, "order-42");
      create(TENANT_B, "b-marker");

      API.post("/api/instances/order-42/events?mode=queued", TENANT_A, "{\"type\":\"NOTE\"}");
      await().atMost(Duration.ofSeconds(10)).until(() -> a.instanceIds().contains("order-42"));
      API.post("/api/instances/b-marker/events?mode=queued", TENANT_B, "{\"type\":\"NOTE\"}");
      await().atMost(Duration.ofSeconds(10)).until(() -> b.instanceIds().contains("b-marker"));

      // B's marker came after A's push: had A's instance reached B, it would be here by now
      assertThat(new ArrayList<>(b.instanceIds())).doesNotContain("order-42");
      assertThat(new ArrayList<>(a.instanceIds())).doesNotContain("b-marker");
      assertThat(a.queuePushes()).as("queue figures span every tenant").isZero();
    }
  }

  @Test
  void aStreamNamingANamespaceItsTokenDoesNotHoldIsRefused() {
    Response refused = API.get("/api/stream?namespace=tenant-a", TENANT_B);
    assertThat(refused.status()).isEqualTo(403);
    assertThat(refused.body()).contains("tenant-a");
  }

  @Test
  void aStreamOfATokenForSeveralNamespacesNamingNoneIsRefusedInTheStream() {
    // it would act in 'default', which the token does not hold; the stream has started by then
    try (SseReader unnamed = new SseReader(API.url(), TENANTS_A_AND_B)) {
      await().atMost(Duration.ofSeconds(10)).until(() -> !unnamed.errors().isEmpty());
      assertThat(unnamed.errors().get(0).get("status").asInt()).isEqualTo(403);
      assertThat(unnamed.errors().get(0).get("detail").asText()).contains("default");
      assertThat(unnamed.instanceIds()).isEmpty();
    }
  }

  @Test
  void aTokenNeverNamesANamespaceItDoesNotHoldOnAnyRoute() {
    // refused before the route reads anything: a malformed body or id is not even looked at
    Map<String, String> other = Map.of("X-Namespace", "tenant-b");
    assertThat(API.get("/api/machines", TENANT_A, other).status()).isEqualTo(403);
    assertThat(API.get("/api/session", TENANT_A, other).status()).isEqualTo(403);
    assertThat(API.post("/api/dead-letters/x/retry", TENANT_A, "{", other).status()).isEqualTo(403);
  }
}
