package dev.clockwork.server.instance;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.server.ApiFixture;
import dev.clockwork.server.ApiFixture.Response;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What callers send cannot break the instance API: ids are escaped in Location headers, a NUL in an
 * id, a payload or a cursor is a 400 (never a database error), concurrent queued sends with one key
 * queue one event, and another instance's event is not found.
 */
class InstanceInputSafetyTest {
  static final ApiFixture API = ApiFixture.start();

  @AfterAll
  static void stop() {
    API.close();
  }

  @BeforeEach
  void clean() {
    API.reset();
  }

  private static String encoded(String id) {
    return URLEncoder.encode(id, StandardCharsets.UTF_8).replace("+", "%20");
  }

  /** GET /api/instances/{id} lists children whose ids contain '/' and '#': can one read them? */
  @Test
  void aChildListedOnItsParentCanBeReadByItsId() {
    API.engine().create(NewInstance.of("checkout").id("checkout-1"));
    String child =
        API.get("/api/instances/checkout-1", ApiFixture.VIEWER)
            .json()
            .at("/children/0/id")
            .asText();

    Response response = API.get("/api/instances/" + encoded(child), ApiFixture.VIEWER);

    assertThat(response.status()).as(response.body()).isEqualTo(200);
    Response history = API.get("/api/instances/" + encoded(child) + "/history", ApiFixture.VIEWER);
    assertThat(history.status()).as(history.body()).isEqualTo(200);
  }

  /** The Location of a created instance is its URL: an id with '#', '?' or ' ' is escaped. */
  @Test
  void theLocationOfACreatedInstanceEscapesItsId() {
    Response created =
        API.post(
            "/api/instances", ApiFixture.OPERATOR, "{\"machine\":\"order\",\"id\":\"a#b?c d\"}");

    assertThat(created.status()).as(created.body()).isEqualTo(201);
    assertThat(created.header("Location")).isEqualTo("/api/instances/" + encoded("a#b?c d"));
  }

  /** A JSON {@code null} where a body is required is a 400 saying so, never a 500. */
  @Test
  void aNullBodyIsA400() {
    API.engine().create(NewInstance.of("order").id("order-null-body"));

    Response created = API.post("/api/instances", ApiFixture.OPERATOR, "null");
    Response sent = API.post("/api/instances/order-null-body/events", ApiFixture.OPERATOR, "null");

    assertThat(created.status()).as(created.body()).isEqualTo(400);
    assertThat(created.body()).contains("takes a JSON object, not null");
    assertThat(sent.status()).as(sent.body()).isEqualTo(400);
  }

  /** A NUL in an id is the caller's mistake (400 or 404), never a 500 from PostgreSQL. */
  @Test
  void aNulInAnIdIsNotAServerError() {
    assertThat(API.get("/api/instances/a%00b", ApiFixture.VIEWER).status()).isIn(400, 404);
    Response created =
        API.post(
            "/api/instances", ApiFixture.OPERATOR, "{\"machine\":\"order\",\"id\":\"a\\u0000b\"}");
    assertThat(created.status()).as(created.body()).isEqualTo(400);
  }

  /** A payload PostgreSQL's jsonb cannot store (a \u0000 in a text) is a 400, not a 500. */
  @Test
  void aPayloadWithANulIsA400() {
    API.engine().create(NewInstance.of("order").id("order-nul"));
    Response queued =
        API.post(
            "/api/instances/order-nul/events?mode=queued",
            ApiFixture.OPERATOR,
            "{\"type\":\"SUBMIT\",\"payload\":{\"note\":\"a\\u0000b\"}}");
    assertThat(queued.body()).doesNotContain("jdbc:").doesNotContain("SQLState");
    assertThat(queued.status()).as(queued.body()).isEqualTo(400);
  }

  /** A cursor decoding to a NUL is a 400, not a 500. */
  @Test
  void aForgedCursorIsA400() {
    API.engine().create(NewInstance.of("order").id("order-c"));
    Response page = API.get("/api/instances?cursor=AA", ApiFixture.VIEWER);
    assertThat(page.status()).as(page.body()).isEqualTo(400);
  }

  /** Same Idempotency-Key, same event, sent at once: one event queued, both answered with it. */
  @Test
  void concurrentQueuedSendsWithOneKeyQueueOneEvent() throws Exception {
    API.engine().create(NewInstance.of("order").id("order-k"));
    int n = 8;
    CountDownLatch start = new CountDownLatch(1);
    ExecutorService pool = Executors.newFixedThreadPool(n);
    List<Future<Response>> answers = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      answers.add(
          pool.submit(
              () -> {
                start.await();
                return API.post(
                    "/api/instances/order-k/events?mode=queued",
                    ApiFixture.OPERATOR,
                    "{\"type\":\"SUBMIT\"}",
                    Map.of("Idempotency-Key", "k-1"));
              }));
    }
    start.countDown();
    List<String> ids = new ArrayList<>();
    for (Future<Response> answer : answers) {
      Response r = answer.get();
      assertThat(r.status()).as(r.body()).isEqualTo(202);
      ids.add(r.json().get("event_id").asText());
    }
    pool.shutdown();
    assertThat(ids).containsOnly(ids.get(0));
    assertThat(API.engine().instances().pendingEvents("order-k")).isEqualTo(1);
  }

  /** An event id of another instance is not this instance's event. */
  @Test
  void anotherInstancesEventIs404() {
    API.engine().create(NewInstance.of("order").id("order-a"));
    API.engine().create(NewInstance.of("order").id("order-b"));
    Response queued =
        API.post(
            "/api/instances/order-b/events?mode=queued",
            ApiFixture.OPERATOR,
            "{\"type\":\"SUBMIT\"}");
    String eventId = queued.json().get("event_id").asText();
    assertThat(API.get("/api/instances/order-a/events/" + eventId, ApiFixture.VIEWER).status())
        .isEqualTo(404);
  }

  /**
   * A token limited to namespace {@code billing} reads (and an operator so limited could send to)
   * the runs of another namespace's schedules: their ids carry the namespace ({@code
   * schedule:{id}@{namespace}:...}) but the instance routes never look at the token's namespaces.
   */
}
