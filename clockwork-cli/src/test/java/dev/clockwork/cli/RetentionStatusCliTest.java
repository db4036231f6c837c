package dev.clockwork.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.audit.OperatorAction;
import dev.clockwork.runtime.config.Settings;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.listener.EngineListener;
import dev.clockwork.runtime.store.retention.RemovedRows;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code retention status}: per table what is kept, the oldest row's age, how long it is overdue
 * and the backlog (rows past their retention, counted), and the rows retention removed so far, from
 * the database, in a table or as JSON; a machine with retention of its own gets rows of its own.
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
        .contains("BACKLOG")
        .containsPattern("\\* +instances +30d +- +- +- +0")
        .containsPattern(
            "\\* +history +365d, 10000 rows +2026-01-01T00:00:00Z +400d +35d +[1-9][0-9]*")
        .containsPattern("\\* +operator_log +365d +2026-01-01T00:00:00Z +400d +35d +1");

    JsonNode json = new ObjectMapper().readTree(cart.cli("retention", "status", "-o", "json").out);
    assertThat(json).hasSize(5);
    assertThat(json.get(1).get("table").asText()).isEqualTo("history");
    assertThat(json.get(1).get("overdue").asText()).isEqualTo("PT840H");
    assertThat(json.get(0).get("oldest").isNull()).as("no finished instance").isTrue();
    assertThat(json.get(1).get("backlog").asLong()).as("created, ADD, ...").isPositive();
    assertThat(json.get(1).get("backlog_at_least").asBoolean()).isFalse();
    assertThat(json.get(4).get("backlog").asLong()).isEqualTo(1);
  }

  @Test
  void aMachineWithRetentionOfItsOwnHasRowsOfItsOwn(@TempDir Path dir) throws Exception {
    Path config = dir.resolve("clockwork.yaml");
    Files.writeString(
        config, "machines:\n  cart:\n    retention:\n      finished_instances: 1 day\n");
    cart.engine.create(NewInstance.of("cart").id("cart-1"));
    cart.clock.advance(Duration.ofDays(3));

    CliRun run = cart.cli("retention", "status", "--config", config.toString());

    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.out)
        .containsPattern("cart +instances +1d +- +- +- +0")
        .containsPattern("cart +history +365d, 10000 rows +2026-01-01T00:00:00Z +3d +- +0")
        .containsPattern("\\* +instances +30d +- +- +- +0")
        .containsPattern("\\* +history +365d, 10000 rows +- +- +- +0");
    assertThat(run.out.lines().filter(line -> line.contains("operator_log")))
        .as("the operator log is system-wide: one row")
        .singleElement()
        .satisfies(line -> assertThat(line.strip()).startsWith("*"));
  }

  @Test
  void itShowsTheRowsAPassRemoved(@TempDir Path dir) throws Exception {
    String yaml = "retention:\n  history:\n    max_rows: 2\n  schedule_audit: 90 days\n";
    Path config = dir.resolve("clockwork.yaml");
    Files.writeString(config, yaml);
    cart.engine.create(NewInstance.of("cart").id("cart-1"));
    for (int i = 0; i < 4; i++) {
      cart.engine.send("cart-1", Event.of("ADD"));
    }
    List<RemovedRows> passes = new CopyOnWriteArrayList<>();
    try (Engine node =
        Engine.builder()
            .store(cart.store)
            .clock(cart.clock)
            .config(Settings.parse(yaml, "clockwork.yaml"))
            .register(CartFixture.CART)
            .listener(
                new EngineListener() {
                  @Override
                  public void retentionPassed(RemovedRows removed, Duration took) {
                    passes.add(removed);
                  }
                })
            .build()) {
      node.start();
      await().atMost(Duration.ofSeconds(10)).until(() -> !passes.isEmpty());
    }
    long removed = passes.get(0).of(RemovedRows.HISTORY);
    assertThat(removed).as("created and four ADDs, two kept").isGreaterThanOrEqualTo(3);

    CliRun run = cart.cli("retention", "status", "--config", config.toString());

    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.out)
        .contains("REMOVED")
        .containsPattern("\\* +history +365d, 2 rows +\\S+ +\\S+ +\\S+ +\\S+ +" + removed + "\\s")
        .containsPattern("\\* +instances +30d +- +- +- +0 +0")
        .containsPattern("\\* +schedule_audit +90d +- +- +- +- +0");
    JsonNode json =
        new ObjectMapper()
            .readTree(
                cart.cli("retention", "status", "--config", config.toString(), "-o", "json").out);
    assertThat(json.get(1).get("table").asText()).isEqualTo("history");
    assertThat(json.get(1).get("removed").asLong()).isEqualTo(removed);
    assertThat(json.get(1).get("last_removed_at").asText()).isEqualTo("2026-01-01T00:00:00Z");
    assertThat(json.get(0).get("removed").asLong()).isZero();
    assertThat(json.get(json.size() - 1).get("table").asText()).isEqualTo("schedule_audit");
    assertThat(json.get(json.size() - 1).get("keep").asText()).isEqualTo("PT2160H");
  }
}
