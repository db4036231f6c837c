package dev.clockwork.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.config.Settings;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.queue.EventRequest;
import dev.clockwork.runtime.queue.Priority;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code queue status} with the queue seed's columns: Avg Time and n/N instances active against the
 * concurrency caps; and {@code queue status MACHINE} with Completed (last hour), Throughput and the
 * Pending Events it serves next — figures the engines report to the database, so the CLI, which
 * processes nothing, shows what every engine did.
 */
class QueueStatusCliTest {
  private static final String YAML =
      "machines:\n  cart:\n    queue:\n      strategy: priority\n      concurrency: 4\n";

  @TempDir Path dir;
  private Path file;
  private CartFixture cart;

  @BeforeEach
  void setUp() throws Exception {
    file = dir.resolve("clockwork.yaml");
    Files.writeString(file, YAML);
    cart = new CartFixture(Settings.load(file));
  }

  @AfterEach
  void tearDown() {
    cart.close();
  }

  private CliRun cli(String... args) {
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(List.of("--config", file.toString()));
    return cart.cli(all.toArray(String[]::new));
  }

  @Test
  void theOverviewShowsAvgTimeAndActiveInstancesAgainstTheCaps() {
    cart.deadLetterAndPending();
    CliRun before = cli("queue", "status");
    assertThat(before.out)
        .as("nothing reported yet")
        .contains("│ cart    │ 1       │ 0/4        │ 1      │ -        │ running │");

    cart.engine.admin().queues().flushActivity(); // as the engine does every few seconds
    cart.store.work().lease("cart-2", "a-worker", Duration.ofSeconds(30), cart.clock.instant());
    CliRun after = cli("queue", "status");
    assertThat(after.exitCode).as(after.toString()).isZero();
    assertThat(after.out)
        .contains("Strategy: fifo | Concurrency: 1/4 active (10 per machine by default)")
        .contains("│ Machine │ Pending │ Processing │ Failed │ Avg Time │ Status  │")
        .containsPattern("│ cart    │ 1       │ 1/4        │ 1      │ (<1ms|\\d+ms|[\\d.]+s) +│");
  }

  @Test
  void oneMachinesDetailsShowCompletedThroughputAvgTimeAndPendingEvents() throws Exception {
    cart.deadLetterAndPending(); // 2 applied, 1 dead-lettered, all at 00:00
    cart.engine.close(); // closing reports what it processed
    cart.engine.create(NewInstance.of("cart").id("cart-3"));
    cart.engine.enqueue(EventRequest.to("cart-3", Event.of("ADD")).priority(Priority.LOW));
    cart.clock.advance(Duration.ofSeconds(2));
    cart.engine.enqueue(EventRequest.to("cart-1", Event.of("ADD")).priority(Priority.HIGH));
    cart.clock.advance(Duration.ofMinutes(2));

    CliRun details = cli("queue", "status", "@cart");
    assertThat(details.exitCode).as(details.toString()).isZero();
    assertThat(details.out)
        .contains("Strategy:      priority", "Concurrency:   4")
        .contains("Pending:       3 events", "Processing:    0/4 instances active")
        .contains("Failed:        1 event (dead letters)")
        .contains("Completed:     2 events (last hour)")
        // 2 events over the 302 s from 23:57:00 (the window's first whole minute) to 00:02:02
        .contains("Throughput:    ~0.01 events/sec (last 5 minutes)")
        .containsPattern("Avg Time:      (<1ms|\\d+ms|[\\d.]+s) \\(last 5 minutes\\)")
        .contains("Pending Events:", "│ Instance │ Event │ Priority │ Queued At │")
        .containsSubsequence(
            "│ cart-1   │ ADD   │ high     │ 2m ago    │",
            "│ cart-2   │ ADD   │ normal   │ 2m 2s ago │",
            "│ cart-3   │ ADD   │ low      │ 2m 2s ago │");

    JsonNode json = new ObjectMapper().readTree(cli("queue", "status", "cart", "-o", "json").out);
    assertThat(json.get("completedLastHour").asLong()).isEqualTo(2);
    assertThat(json.get("throughputPerSecond").asDouble()).isEqualTo(2 / 302.0);
    assertThat(json.get("pendingEvents")).hasSize(3);
    assertThat(json.get("pendingEvents").get(0).get("priority").asText()).isEqualTo("high");
    assertThat(json.get("pendingEvents").get(0).get("instance").asText()).isEqualTo("cart-1");

    cart.clock.advance(Duration.ofMinutes(61));
    assertThat(cli("queue", "status", "cart").out)
        .contains("Completed:     0 events (last hour)")
        .contains("Avg Time:      - (last 5 minutes)");
  }

  @Test
  void throughputCountsTheLastFiveMinutes() {
    cart.engine.create(NewInstance.of("cart").id("cart-1"));
    for (int i = 0; i < 100; i++) {
      cart.engine.enqueue("cart-1", Event.of("ADD"));
    }
    cart.clock.advance(Duration.ofSeconds(59));
    cart.engine.runDue();
    cart.engine.admin().queues().flushActivity();
    cart.clock.advance(Duration.ofMinutes(1)); // 00:01:59: 100 events over the 359 s since 23:56:00
    assertThat(cli("queue", "status", "cart").out)
        .contains("Completed:     100 events (last hour)")
        .contains("Throughput:    ~0.28 events/sec (last 5 minutes)");
  }
}
