package dev.clockwork.server.instance;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.server.ApiFixture;
import dev.clockwork.server.ApiFixture.Response;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** {@code GET /api/instances}: filters and cursor pages. */
class InstanceListTest {
  static final ApiFixture API = ApiFixture.start();

  @AfterAll
  static void stop() {
    API.close();
  }

  /** 23 orders (the odd ones submitted, every third labelled team:shop) and 2 subscriptions. */
  @BeforeAll
  static void instances() {
    API.reset();
    for (int n = 1; n <= 23; n++) {
      NewInstance order = NewInstance.of("order").id(String.format("order-%02d", n));
      API.engine().create(n % 3 == 0 ? order.label("team", "shop") : order);
      if (n % 2 == 1) {
        API.engine().send(String.format("order-%02d", n), Event.of("SUBMIT"));
      }
    }
    API.engine().create(NewInstance.of("subscription").id("sub-1"));
    API.engine().create(NewInstance.of("subscription").id("sub-2"));
  }

  /** Every id listed by following next_cursor from the first page. */
  private static List<String> allPages(String query, int limit) {
    List<String> ids = new ArrayList<>();
    String cursor = null;
    for (int pages = 0; pages < 100; pages++) {
      String path =
          "/api/instances?limit=" + limit + query + (cursor == null ? "" : "&cursor=" + cursor);
      JsonNode page = API.get(path, ApiFixture.VIEWER).json();
      page.get("items").forEach(item -> ids.add(item.get("id").asText()));
      if (!page.get("has_more").asBoolean()) {
        assertThat(page.path("next_cursor").textValue()).as("no cursor on the last page").isNull();
        return ids;
      }
      cursor = page.get("next_cursor").asText();
    }
    throw new AssertionError("pages never ended");
  }

  @Test
  void pagesThroughEveryInstanceWithoutDuplicatesOrGaps() {
    List<String> ids = allPages("", 4);

    assertThat(ids).hasSize(25).doesNotHaveDuplicates().isSorted();
    assertThat(ids).startsWith("order-01", "order-02").endsWith("sub-1", "sub-2");
  }

  @Test
  void filtersByMachineStateAndLabel() {
    assertThat(allPages("&machine=subscription", 50)).containsExactly("sub-1", "sub-2");
    assertThat(allPages("&machine=order&state=awaiting_payment", 5))
        .hasSize(12)
        .allSatisfy(id -> assertThat(Integer.parseInt(id.substring(6)) % 2).isEqualTo(1));
    assertThat(allPages("&label=team:shop", 3))
        .containsExactly(
            "order-03", "order-06", "order-09", "order-12", "order-15", "order-18", "order-21");
    assertThat(allPages("&label=team:shop&state=idle", 50))
        .containsExactly("order-06", "order-12", "order-18");
  }

  @Test
  void filtersByConversation() {
    String conversation = API.engine().instances().get("order-05").conversationId();

    assertThat(allPages("&conversation=" + conversation, 50)).containsExactly("order-05");
  }

  @Test
  void listsSummaries() {
    JsonNode first = API.get("/api/instances?machine=order&limit=1", ApiFixture.VIEWER).json();

    JsonNode item = first.at("/items/0");
    assertThat(item.get("id").asText()).isEqualTo("order-01");
    assertThat(item.get("machine").asText()).isEqualTo("order");
    assertThat(item.get("version").asInt()).isPositive();
    assertThat(item.get("status").asText()).isEqualTo("active");
    assertThat(item.at("/active_states/0").asText()).isEqualTo("awaiting_payment");
    assertThat(item.get("queue").asText()).isEqualTo("default");
    assertThat(item.get("conversation_id").asText()).isNotBlank();
    assertThat(item.get("labels")).isEmpty();
    assertThat(first.get("has_more").asBoolean()).isTrue();
  }

  @Test
  void badParametersAre400NamingThem() {
    Response limit = API.get("/api/instances?limit=501", ApiFixture.VIEWER);
    Response zero = API.get("/api/instances?limit=0", ApiFixture.VIEWER);
    Response cursor = API.get("/api/instances?cursor=!!!", ApiFixture.VIEWER);
    Response label = API.get("/api/instances?label=team", ApiFixture.VIEWER);
    Response machine = API.get("/api/instances?machine=ordr", ApiFixture.VIEWER);

    assertThat(limit.status()).isEqualTo(400);
    assertThat(limit.json().get("detail").asText()).contains("limit=501");
    assertThat(zero.status()).isEqualTo(400);
    assertThat(cursor.status()).isEqualTo(400);
    assertThat(label.status()).isEqualTo(400);
    assertThat(label.json().get("detail").asText()).contains("key:value");
    assertThat(machine.status()).isEqualTo(400);
    assertThat(machine.json().get("detail").asText()).contains("ordr").contains("order");
    assertThat(API.get("/api/instances", null).status()).isEqualTo(401);
  }
}
