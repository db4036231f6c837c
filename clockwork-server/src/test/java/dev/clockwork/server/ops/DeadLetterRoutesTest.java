package dev.clockwork.server.ops;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.server.ApiFixture;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class DeadLetterRoutesTest {
  static final ApiFixture API = ApiFixture.start(b -> b.register(LedgerMachine.LEDGER));

  @AfterAll
  static void stop() {
    API.close();
  }

  @BeforeEach
  void clean() {
    API.reset();
    LedgerMachine.GATEWAY_UP.set(true);
  }

  @AfterEach
  void gatewayUp() {
    LedgerMachine.GATEWAY_UP.set(true);
  }

  private static Engine engine() {
    return API.engine();
  }

  /** A new ledger instance {@code id} whose {@code count} CHARGE events died (gateway down). */
  private static void deadCharges(String id, int count) {
    engine().create(NewInstance.of("ledger").id(id));
    LedgerMachine.GATEWAY_UP.set(false);
    for (int i = 0; i < count; i++) {
      engine().enqueue(id, Event.of("CHARGE", Map.of("n", i)));
    }
    engine().runDue();
    LedgerMachine.GATEWAY_UP.set(true);
  }

  private static JsonNode items(String query) {
    ApiFixture.Response response = API.get("/api/dead-letters" + query, ApiFixture.VIEWER);
    assertThat(response.status()).as(response.body()).isEqualTo(200);
    return response.json().get("items");
  }

  @Test
  void inspectsADeadLetterWithItsEventInstanceAndEveryAttemptsError() {
    Instant t0 = API.clock().instant();
    deadCharges("l-1", 1);
    long id = items("").get(0).get("id").asLong();

    ApiFixture.Response response = API.get("/api/dead-letters/" + id, ApiFixture.VIEWER);

    assertThat(response.status()).isEqualTo(200);
    JsonNode letter = response.json();
    assertThat(letter.get("instance_id").asText()).isEqualTo("l-1");
    assertThat(letter.get("machine").asText()).isEqualTo("ledger");
    assertThat(letter.get("event").get("type").asText()).isEqualTo("CHARGE");
    assertThat(letter.get("event").get("payload").get("n").asInt()).isZero();
    assertThat(letter.get("attempts").asInt()).isEqualTo(1);
    JsonNode error = letter.get("errors").get(0);
    assertThat(error.get("attempt").asInt()).isEqualTo(1);
    assertThat(error.get("at").asText()).isEqualTo(t0.toString());
    assertThat(error.get("error").asText()).contains("gateway is down");
    assertThat(letter.get("dead_at").asText()).isEqualTo(t0.toString());
  }

  @Test
  void listsByMachineAPageAtATimeWithNoGap() {
    deadCharges("l-1", 5);

    List<Integer> seen = new ArrayList<>();
    String cursor = "";
    int pages = 0;
    while (true) {
      ApiFixture.Response page =
          API.get("/api/dead-letters?machine=ledger&limit=2" + cursor, ApiFixture.VIEWER);
      page.json()
          .get("items")
          .forEach(l -> seen.add(l.get("event").get("payload").get("n").asInt()));
      pages++;
      if (!page.json().get("has_more").asBoolean()) {
        assertThat(page.json().get("next_cursor").isNull()).isTrue();
        break;
      }
      cursor = "&cursor=" + page.json().get("next_cursor").asText();
    }

    assertThat(seen).containsExactly(0, 1, 2, 3, 4);
    assertThat(pages).isEqualTo(3);
    assertThat(items("?machine=order")).isEmpty();
  }

  @Test
  void retryNowPutsTheEventBackAndTheWorkersApplyIt() {
    deadCharges("l-1", 1);
    long id = items("").get(0).get("id").asLong();

    ApiFixture.Response retried =
        API.post("/api/dead-letters/" + id + "/retry", ApiFixture.OPERATOR, "");
    String link = retried.json().at("/links/event").asText();
    assertThat(retried.header("Location")).isEqualTo(link);
    JsonNode waiting = API.get(link, ApiFixture.VIEWER).json();
    assertThat(waiting.get("event_id").asLong()).isEqualTo(retried.json().get("event_id").asLong());
    assertThat(waiting.get("errors")).as("the dead letter's attempt errors, kept").isNotEmpty();
    engine().runDue();

    assertThat(retried.status()).isEqualTo(200);
    assertThat(API.get(link, ApiFixture.VIEWER).json().get("status").asText()).isEqualTo("applied");
    assertThat(retried.json().get("event_id").asLong()).isPositive();
    assertThat(retried.json().get("available_at").asText())
        .isEqualTo(API.clock().instant().toString());
    assertThat(LedgerMachine.seen(engine(), "l-1")).containsExactly("CHARGE");
    assertThat(items("")).isEmpty();
  }

  @Test
  void aRetriedDeadLettersIdSaysWhichEventItBecame() {
    deadCharges("l-1", 1);
    JsonNode dead = items("").get(0);
    long id = dead.get("id").asLong();
    assertThat(dead.get("status").asText()).isEqualTo("dead");
    API.clock().advance(Duration.ofMinutes(1));

    ApiFixture.Response retried =
        API.post("/api/dead-letters/" + id + "/retry", ApiFixture.OPERATOR, "");

    ApiFixture.Response after = API.get("/api/dead-letters/" + id, ApiFixture.VIEWER);
    assertThat(after.status()).as(after.body()).isEqualTo(200);
    JsonNode letter = after.json();
    assertThat(letter.get("id").asLong()).isEqualTo(id);
    assertThat(letter.get("status").asText()).isEqualTo("retried");
    assertThat(letter.get("event_id").asLong()).isEqualTo(retried.json().get("event_id").asLong());
    assertThat(letter.get("instance_id").asText()).isEqualTo("l-1");
    assertThat(letter.get("machine").asText()).isEqualTo("ledger");
    assertThat(letter.get("dead_at").asText()).isEqualTo(dead.get("dead_at").asText());
    assertThat(letter.get("available_at").asText())
        .isEqualTo(retried.json().get("available_at").asText());
    assertThat(letter.at("/links/event").asText())
        .isEqualTo(retried.json().at("/links/event").asText())
        .isEqualTo(retried.header("Location"));
    assertThat(items("")).as("no longer in the dead letter queue").isEmpty();
    assertProblem(
        API.post("/api/dead-letters/" + id + "/retry", ApiFixture.OPERATOR, ""),
        409,
        "retried already: it is event " + letter.get("event_id").asLong());
    assertThat(API.get("/api/dead-letters/" + id, ApiFixture.TENANT_A).status())
        .as("another namespace's")
        .isEqualTo(404);
  }

  @Test
  void twoOperatorsRetryingOneDeadLetterAtOnceQueueItOnce() throws Exception {
    deadCharges("l-1", 1);
    long id = items("").get(0).get("id").asLong();
    CountDownLatch ready = new CountDownLatch(2);
    CountDownLatch go = new CountDownLatch(1);
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      List<Future<Integer>> statuses = new ArrayList<>();
      for (int i = 0; i < 2; i++) {
        statuses.add(
            pool.submit(
                () -> {
                  ready.countDown();
                  go.await();
                  return API.post("/api/dead-letters/" + id + "/retry", ApiFixture.OPERATOR, "")
                      .status();
                }));
      }
      ready.await();
      go.countDown();
      List<Integer> answers = new ArrayList<>();
      for (Future<Integer> status : statuses) {
        answers.add(status.get(30, TimeUnit.SECONDS));
      }

      assertThat(answers).as("the second finds it retried").containsExactlyInAnyOrder(200, 409);
      assertThat(API.get("/api/queues/ledger", ApiFixture.VIEWER).json().get("pending").asLong())
          .isEqualTo(1);
      engine().runDue();
      assertThat(LedgerMachine.seen(engine(), "l-1")).containsExactly("CHARGE");
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void retryWithADelayWaitsThatLong() {
    deadCharges("l-1", 1);
    long id = items("").get(0).get("id").asLong();

    ApiFixture.Response retried =
        API.post(
            "/api/dead-letters/" + id + "/retry", ApiFixture.OPERATOR, "{\"delay\": \"PT5M\"}");

    assertThat(retried.json().get("available_at").asText())
        .isEqualTo(API.clock().instant().plus(Duration.ofMinutes(5)).toString());
    API.clock().advance(Duration.ofMinutes(5).minusSeconds(1));
    engine().runDue();
    assertThat(LedgerMachine.seen(engine(), "l-1")).as("a second early").isEmpty();
    API.clock().advance(Duration.ofSeconds(1));
    engine().runDue();
    assertThat(LedgerMachine.seen(engine(), "l-1")).containsExactly("CHARGE");
  }

  @Test
  void retryAllPutsBackEveryDeadLetterOfTheMachine() {
    deadCharges("l-1", 3);

    ApiFixture.Response response =
        API.post("/api/dead-letters/retry", ApiFixture.OPERATOR, "{\"machine\": \"ledger\"}");
    engine().runDue();

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.json().get("retried").asInt()).isEqualTo(3);
    assertThat(LedgerMachine.seen(engine(), "l-1")).containsExactly("CHARGE", "CHARGE", "CHARGE");
  }

  @Test
  void purgeRemovesTheMachinesDeadLettersOlderThanAsked() {
    deadCharges("l-1", 2);
    API.clock().advance(Duration.ofHours(25));
    deadCharges("l-2", 1);

    ApiFixture.Response purged =
        API.delete(
            "/api/dead-letters?machine=ledger&older_than=PT24H", ApiFixture.OPERATOR, Map.of());

    assertThat(purged.status()).isEqualTo(200);
    assertThat(purged.json().get("purged").asInt()).isEqualTo(2);
    assertThat(items("")).extracting(l -> l.get("instance_id").asText()).containsExactly("l-2");
    assertThat(
            API.delete("/api/dead-letters?machine=ledger", ApiFixture.OPERATOR, Map.of())
                .json()
                .get("purged")
                .asInt())
        .isEqualTo(1);
    assertThat(items("")).isEmpty();
  }

  @Test
  void retryAndPurgeAreAudited() {
    deadCharges("l-1", 1);
    long id = items("").get(0).get("id").asLong();

    API.post(
        "/api/dead-letters/" + id + "/retry",
        ApiFixture.OPERATOR,
        "{\"delay\": \"PT1M\"}",
        Map.of("X-Request-Id", "req-retry"));
    API.delete(
        "/api/dead-letters?machine=ledger",
        ApiFixture.OPERATOR,
        Map.of("X-Request-Id", "req-purge"));

    JsonNode audit = API.get("/api/audit?limit=2", ApiFixture.ADMIN).json().get("items");
    assertThat(audit.get(0).get("action").asText()).isEqualTo("dead_letter.purge");
    assertThat(audit.get(0).get("request_id").asText()).isEqualTo("req-purge");
    assertThat(audit.get(0).get("details").get("purged").asInt()).isZero();
    assertThat(audit.get(1).get("action").asText()).isEqualTo("dead_letter.retry");
    assertThat(audit.get(1).get("target").asText()).isEqualTo("dead_letter:" + id);
    assertThat(audit.get(1).get("principal").asText()).isEqualTo("otto-operator");
    assertThat(audit.get(1).get("request_id").asText()).isEqualTo("req-retry");
    assertThat(audit.get(1).get("details").get("delay").asText()).isEqualTo("PT1M");
  }

  @Test
  void aViewerMayReadButNotRetryOrPurge() {
    deadCharges("l-1", 1);
    long id = items("").get(0).get("id").asLong();

    assertThat(API.post("/api/dead-letters/" + id + "/retry", ApiFixture.VIEWER, "").status())
        .isEqualTo(403);
    assertThat(
            API.post("/api/dead-letters/retry", ApiFixture.VIEWER, "{\"machine\": \"ledger\"}")
                .status())
        .isEqualTo(403);
    assertThat(API.delete("/api/dead-letters?machine=ledger", ApiFixture.VIEWER, Map.of()).status())
        .isEqualTo(403);
    assertThat(API.get("/api/dead-letters", null).status()).isEqualTo(401);
    assertThat(items("")).hasSize(1);
  }

  @Test
  void badRequestsAre400NamingTheCulprit() {
    deadCharges("l-1", 1);
    long id = items("").get(0).get("id").asLong();

    assertProblem(API.get("/api/dead-letters/abc", ApiFixture.VIEWER), 400, "abc");
    assertProblem(API.get("/api/dead-letters?limit=0", ApiFixture.VIEWER), 400, "limit=0");
    assertProblem(API.get("/api/dead-letters?cursor=%21%21", ApiFixture.VIEWER), 400, "cursor");
    assertProblem(
        API.post(
            "/api/dead-letters/" + id + "/retry", ApiFixture.OPERATOR, "{\"delay\": \"-PT5M\"}"),
        400,
        "negative");
    assertProblem(
        API.post(
            "/api/dead-letters/" + id + "/retry", ApiFixture.OPERATOR, "{\"dealy\": \"PT5M\"}"),
        400,
        "dealy");
    assertProblem(
        API.post(
            "/api/dead-letters/" + id + "/retry", ApiFixture.OPERATOR, "{\"delay\": \"soon\"}"),
        400,
        "JSON");
    assertProblem(
        API.post(
            "/api/dead-letters/" + id + "/retry",
            ApiFixture.OPERATOR,
            "{\"delay\": \"PT900000H\"}"),
        400,
        "100 years");
    assertProblem(
        API.delete(
            "/api/dead-letters?machine=ledger&older_than=P99999D", ApiFixture.OPERATOR, Map.of()),
        400,
        "100 years");
    assertProblem(API.post("/api/dead-letters/retry", ApiFixture.OPERATOR, "{}"), 400, "machine");
    assertProblem(API.delete("/api/dead-letters", ApiFixture.OPERATOR, Map.of()), 400, "machine");
    assertProblem(
        API.delete(
            "/api/dead-letters?machine=ledger&older_than=yesterday", ApiFixture.OPERATOR, Map.of()),
        400,
        "older_than");
    assertThat(items("")).as("nothing was retried or purged").hasSize(1);
  }

  @Test
  void unknownIdsAndMachinesAre404() {
    assertProblem(API.get("/api/dead-letters/999999", ApiFixture.VIEWER), 404, "999999");
    assertProblem(
        API.post("/api/dead-letters/999999/retry", ApiFixture.OPERATOR, ""), 404, "999999");
    assertProblem(API.get("/api/dead-letters?machine=nope", ApiFixture.VIEWER), 404, "nope");
  }

  static void assertProblem(ApiFixture.Response response, int status, String detail) {
    assertThat(response.status()).as(response.body()).isEqualTo(status);
    assertThat(response.header("Content-Type")).startsWith("application/problem+json");
    assertThat(response.json().get("detail").asText()).contains(detail);
  }
}
