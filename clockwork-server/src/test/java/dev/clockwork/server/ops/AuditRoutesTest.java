package dev.clockwork.server.ops;

import static dev.clockwork.server.ops.DeadLetterRoutesTest.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.clockwork.server.ApiFixture;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class AuditRoutesTest {
  static final ApiFixture API = ApiFixture.start(b -> b.register(LedgerMachine.LEDGER));

  @AfterAll
  static void stop() {
    API.close();
  }

  @BeforeEach
  void clean() {
    API.reset();
  }

  @Test
  void readsTheLogNewestFirstAPageAtATime() {
    for (int i = 0; i < 5; i++) {
      API.post(
          "/api/queues/ledger/" + (i % 2 == 0 ? "pause" : "resume"),
          ApiFixture.OPERATOR,
          "",
          Map.of("X-Request-Id", "req-" + i));
    }

    List<String> requests = new ArrayList<>();
    String cursor = "";
    while (true) {
      ApiFixture.Response page = API.get("/api/audit?limit=2" + cursor, ApiFixture.ADMIN);
      assertThat(page.status()).isEqualTo(200);
      page.json().get("items").forEach(a -> requests.add(a.get("request_id").asText()));
      if (!page.json().get("has_more").asBoolean()) {
        break;
      }
      cursor = "&cursor=" + page.json().get("next_cursor").asText();
    }

    assertThat(requests).containsExactly("req-4", "req-3", "req-2", "req-1", "req-0");
    JsonNode newest = API.get("/api/audit?limit=1", ApiFixture.ADMIN).json().get("items").get(0);
    assertThat(newest.get("at").asText()).isEqualTo(API.clock().instant().toString());
    assertThat(newest.get("id").asLong()).isPositive();
  }

  @Test
  void readsAreNotAudited() {
    API.get("/api/queues", ApiFixture.OPERATOR);
    API.get("/api/dead-letters", ApiFixture.OPERATOR);

    assertThat(API.get("/api/audit", ApiFixture.ADMIN).json().get("items")).isEmpty();
  }

  @Test
  void onlyAdminsReadTheLog() {
    assertThat(API.get("/api/audit", ApiFixture.OPERATOR).status()).isEqualTo(403);
    assertThat(API.get("/api/audit", ApiFixture.VIEWER).status()).isEqualTo(403);
    assertThat(API.get("/api/audit", null).status()).isEqualTo(401);
  }

  @Test
  void aRefusedActionIsNotRecorded() {
    API.post("/api/queues/ledger/pause", ApiFixture.VIEWER, "");
    API.post("/api/queues/nope/pause", ApiFixture.OPERATOR, "");

    assertThat(API.get("/api/audit", ApiFixture.ADMIN).json().get("items")).isEmpty();
  }

  @Test
  void badCursorsAndLimitsAre400() {
    assertProblem(API.get("/api/audit?limit=0", ApiFixture.ADMIN), 400, "limit");
    assertProblem(API.get("/api/audit?cursor=bm90LWEtbnVtYmVy", ApiFixture.ADMIN), 400, "cursor");
  }
}
