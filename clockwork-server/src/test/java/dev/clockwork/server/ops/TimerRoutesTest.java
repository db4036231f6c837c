package dev.clockwork.server.ops;

import static dev.clockwork.server.ops.DeadLetterRoutesTest.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.server.ApiFixture;
import dev.clockwork.server.http.Cursor;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class TimerRoutesTest {
  static final ApiFixture API = ApiFixture.start(b -> b.register(LedgerMachine.LEDGER));

  @AfterAll
  static void stop() {
    API.close();
  }

  private Instant created;

  /** Two ledgers, the second a minute younger: each arms REMIND (+10 min) and CLOSE (+2 h). */
  @BeforeEach
  void twoLedgers() {
    API.reset();
    created = API.clock().instant();
    API.engine().create(NewInstance.of("ledger").id("l-1"));
    API.clock().advance(Duration.ofMinutes(1));
    API.engine().create(NewInstance.of("ledger").id("l-2"));
  }

  /** The items of the page {@code query} asks for. */
  private static JsonNode timers(String query) {
    return page(query).get("items");
  }

  private static JsonNode page(String query) {
    ApiFixture.Response response = API.get("/api/timers" + query, ApiFixture.VIEWER);
    assertThat(response.status()).as(response.body()).isEqualTo(200);
    return response.json();
  }

  @Test
  void listsArmedTimersSoonestFirst() {
    JsonNode all = timers("?machine=ledger");

    assertThat(all).hasSize(4);
    assertThat(all)
        .extracting(t -> t.get("instance_id").asText() + ":" + t.get("event").asText())
        .containsExactly("l-1:REMIND", "l-2:REMIND", "l-1:CLOSE", "l-2:CLOSE");
    JsonNode first = all.get(0);
    assertThat(first.get("machine").asText()).isEqualTo("ledger");
    assertThat(first.get("state").asText()).isEqualTo("open");
    assertThat(first.get("key").asText()).isNotBlank();
    assertThat(first.get("due_at").asText())
        .isEqualTo(created.plus(Duration.ofMinutes(10)).toString());
    assertThat(first.get("overdue").asBoolean()).isFalse();
    assertThat(timers("?machine=ledger&limit=1")).hasSize(1);
    assertThat(timers("?machine=order")).isEmpty();
  }

  @Test
  void aPageEndsWithACursorToTheNextAndEveryTimerIsListedOnce() {
    API.engine().create(NewInstance.of("ledger").id("l-0")); // due with l-2: the id decides
    JsonNode first = page("?machine=ledger&limit=2");
    assertThat(first.get("has_more").asBoolean()).isTrue();
    assertThat(first.get("items"))
        .extracting(t -> t.get("instance_id").asText() + ":" + t.get("event").asText())
        .containsExactly("l-1:REMIND", "l-0:REMIND");

    List<String> all = new ArrayList<>();
    String cursor = null;
    int pages = 0;
    do {
      JsonNode page = page("?machine=ledger&limit=2" + (cursor == null ? "" : "&cursor=" + cursor));
      page.get("items")
          .forEach(t -> all.add(t.get("instance_id").asText() + ":" + t.get("event").asText()));
      cursor = page.get("next_cursor").isNull() ? null : page.get("next_cursor").asText();
      assertThat(page.get("has_more").asBoolean()).isEqualTo(cursor != null);
      pages++;
    } while (cursor != null);
    assertThat(all)
        .containsExactly(
            "l-1:REMIND", "l-0:REMIND", "l-2:REMIND", "l-1:CLOSE", "l-0:CLOSE", "l-2:CLOSE");
    assertThat(pages).isEqualTo(3);

    String second = first.get("next_cursor").asText();
    assertThat(timers("?due_within=PT11M&limit=2&cursor=" + second))
        .as("the filter holds on every page")
        .extracting(t -> t.get("instance_id").asText())
        .containsExactly("l-2");
    assertProblem(
        API.get("/api/timers?cursor=" + Cursor.encode("later"), ApiFixture.VIEWER), 400, "cursor");
    assertProblem(API.get("/api/timers?cursor=!!!", ApiFixture.VIEWER), 400, "cursor");
  }

  @Test
  void dueWithinListsThoseDueSoon() {
    assertThat(timers("?due_within=PT9M")).as("the first is due 9 minutes from now").hasSize(1);
    assertThat(timers("?due_within=PT10M")).hasSize(2);
    assertThat(timers("?due_within=PT3H")).hasSize(4);
  }

  @Test
  void overdueListsOnlyThoseWhoseTimeHasPassed() {
    assertThat(timers("?overdue=true")).isEmpty();

    API.clock().advance(Duration.ofMinutes(9).plusSeconds(30)); // l-1's REMIND is due, l-2's not

    JsonNode overdue = timers("?overdue=true");
    assertThat(overdue).hasSize(1);
    assertThat(overdue.get(0).get("instance_id").asText()).isEqualTo("l-1");
    assertThat(overdue.get(0).get("overdue").asBoolean()).isTrue();

    API.engine().runDue(); // the workers fire it
    assertThat(timers("?overdue=true")).isEmpty();
  }

  @Test
  void badParametersAre400AndAnUnknownMachine404() {
    assertProblem(API.get("/api/timers?due_within=soon", ApiFixture.VIEWER), 400, "due_within");
    assertProblem(API.get("/api/timers?due_within=-PT1H", ApiFixture.VIEWER), 400, "negative");
    assertProblem(API.get("/api/timers?overdue=yes", ApiFixture.VIEWER), 400, "overdue=yes");
    assertProblem(
        API.get("/api/timers?due_within=P99999999D", ApiFixture.VIEWER), 400, "100 years");
    assertProblem(API.get("/api/timers?limit=9999", ApiFixture.VIEWER), 400, "limit");
    assertProblem(API.get("/api/timers?machine=nope", ApiFixture.VIEWER), 404, "nope");
    assertThat(API.get("/api/timers", null).status()).isEqualTo(401);
  }
}
