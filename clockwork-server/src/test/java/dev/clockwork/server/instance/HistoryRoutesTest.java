package dev.clockwork.server.instance;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.instance.HistoryQuery;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.server.ApiFixture;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** {@code GET /api/instances/{id}/history}: every row, internal events included, page by page. */
class HistoryRoutesTest {
  static final ApiFixture API = ApiFixture.start(b -> b.register(TabMachine.definition()));

  @AfterAll
  static void stop() {
    API.close();
  }

  /** A tab with seven additions, then closed (CLOSE raises the internal SETTLE). */
  @BeforeAll
  static void tab() {
    API.reset();
    API.engine().create(NewInstance.of("tab").id("tab-1"));
    for (int n = 1; n <= 7; n++) {
      API.engine().send("tab-1", Event.of("ADD", Map.of("amount", n)));
    }
    API.engine().send("tab-1", Event.of("CLOSE"));
  }

  private static List<JsonNode> allRows(int limit) {
    List<JsonNode> rows = new ArrayList<>();
    String cursor = null;
    for (int pages = 0; pages < 100; pages++) {
      JsonNode page =
          API.get(
                  "/api/instances/tab-1/history?limit="
                      + limit
                      + (cursor == null ? "" : "&cursor=" + cursor),
                  ApiFixture.VIEWER)
              .json();
      page.get("items").forEach(rows::add);
      if (!page.get("has_more").asBoolean()) {
        return rows;
      }
      cursor = page.get("next_cursor").asText();
    }
    throw new AssertionError("pages never ended");
  }

  @Test
  void pagesThroughEveryRowWithoutDuplicatesOrGaps() {
    List<Long> stored =
        API.engine().instances().history(HistoryQuery.all("tab-1")).stream()
            .map(HistoryEntry::sequence)
            .toList();

    for (int limit : List.of(1, 3, 4, 100)) {
      List<Long> listed = allRows(limit).stream().map(row -> row.get("sequence").asLong()).toList();
      assertThat(listed).as("limit %d", limit).containsExactlyElementsOf(stored);
    }
  }

  @Test
  void includesInternalEventsAndWhereEachRowCameFromAndWentTo() {
    List<JsonNode> rows = allRows(3);

    JsonNode settle =
        rows.stream()
            .filter(r -> "internal".equals(r.get("type").asText()))
            .findFirst()
            .orElseThrow();
    assertThat(settle.get("event").asText()).isEqualTo("SETTLE");
    JsonNode close =
        rows.stream()
            .filter(r -> "CLOSE".equals(r.path("event").asText()))
            .findFirst()
            .orElseThrow();
    assertThat(close.get("from").toString()).contains("open");
    assertThat(close.get("at").asText()).isEqualTo("2026-11-25T10:00:00Z");
    JsonNode add =
        rows.stream().filter(r -> "ADD".equals(r.path("event").asText())).findFirst().orElseThrow();
    assertThat(add.at("/detail/payload/amount").asInt()).isEqualTo(1);
    assertThat(rows.get(0).has("from")).as("the first row comes from nowhere").isFalse();
    for (int i = 1; i < rows.size(); i++) {
      assertThat(rows.get(i).get("from")).as("row %d", i).isEqualTo(rows.get(i - 1).get("to"));
    }
  }

  @Test
  void theLastPageSaysThereIsNoMore() {
    int total = API.engine().instances().history(HistoryQuery.all("tab-1")).size();
    JsonNode page =
        API.get("/api/instances/tab-1/history?limit=" + total, ApiFixture.VIEWER).json();

    assertThat(page.get("items")).hasSize(total);
    assertThat(page.get("has_more").asBoolean()).isFalse();
    assertThat(page.path("next_cursor").textValue()).isNull();
  }

  @Test
  void badParametersAre400AndAnUnknownInstance404() {
    assertThat(API.get("/api/instances/tab-1/history?limit=501", ApiFixture.VIEWER).status())
        .isEqualTo(400);
    assertThat(API.get("/api/instances/tab-1/history?cursor=bm9wZQ", ApiFixture.VIEWER).status())
        .as("a cursor that is not a sequence")
        .isEqualTo(400);
    assertThat(API.get("/api/instances/nobody/history", ApiFixture.VIEWER).status()).isEqualTo(404);
    assertThat(API.get("/api/instances/tab-1/history", null).status()).isEqualTo(401);
  }
}
