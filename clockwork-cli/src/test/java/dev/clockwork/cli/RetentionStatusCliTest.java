package dev.clockwork.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.audit.OperatorAction;
import dev.clockwork.runtime.instance.NewInstance;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code retention status}: per table what is kept, the oldest row's age and how long it is
 * overdue, from the database, in a table or as JSON.
 */
class RetentionStatusCliTest {
  private final CartFixture cart = new CartFixture();

  @AfterEach
  void tearDown() {
    cart.close();
  }

  @Test
  void itShowsTheOldestRowOfEachTableAndWhatIsOverdue() throws Exception {
    cart.engine.create(NewInstance.of("cart").id("cart-1"));
    cart.engine.send("cart-1", Event.of("ADD"));
    cart.store
        .operatorLog()
        .append(new OperatorAction(0, cart.clock.instant(), "ada", null, "cli", "a", "t", null));
    cart.clock.advance(Duration.ofDays(400));

    CliRun run = cart.cli("retention", "status");

    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.out)
        .contains("TABLE")
        .contains("OVERDUE")
        .containsPattern("instances +30d +- +- +-")
        .containsPattern("history +365d, 10000 rows +2026-01-01T00:00:00Z +400d +35d")
        .containsPattern("operator_log +365d +2026-01-01T00:00:00Z +400d +35d");

    JsonNode json = new ObjectMapper().readTree(cart.cli("retention", "status", "-o", "json").out);
    assertThat(json).hasSize(5);
    assertThat(json.get(1).get("table").asText()).isEqualTo("history");
    assertThat(json.get(1).get("overdue").asText()).isEqualTo("PT840H");
    assertThat(json.get(0).get("oldest").isNull()).as("no finished instance").isTrue();
  }
}
