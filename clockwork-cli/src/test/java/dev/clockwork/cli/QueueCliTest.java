package dev.clockwork.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.postgres.testing.EmbeddedPostgresDatabase;
import dev.clockwork.postgres.testing.TestDatabase;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.instance.NewInstance;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The queue seed's commands against embedded PostgreSQL, with their JSON and exit codes. */
class QueueCliTest {
  private static final TestDatabase DB = EmbeddedPostgresDatabase.shared().newDatabase();
  private static final MachineDefinition CART =
      Machine.define("cart")
          .initial("open")
          .state(
              "open",
              s ->
                  s.on(
                          "ADD",
                          t -> t.action(x -> x.set("items", x.context().getLong("items", 0) + 1)))
                      .on("CHECKOUT", t -> t.action(x -> x.fail("CART_EMPTY", "no items"))))
          .build();

  private final VirtualClock clock = VirtualClock.at("2026-01-01T00:00:00Z");
  private PostgresStore store;
  private Engine engine;

  @BeforeEach
  void setUp() {
    DB.truncateClockworkTables();
    store = PostgresStore.on(DB.dataSource());
    engine = Engine.builder().store(store).clock(clock).register(CART).build();
  }

  @AfterEach
  void tearDown() {
    store.close();
  }

  private CliRun cli(String... args) {
    return CliRun.run(CliRun.databaseEnv(DB), clock, List.of(CART), args);
  }

  private static JsonNode json(CliRun run) throws Exception {
    assertThat(run.exitCode).as(run.toString()).isIn(0, 1, 2);
    return new ObjectMapper().readTree(run.out);
  }

  /** Two carts: one with a dead letter, one with a pending event. */
  private long deadLetterAndPending() {
    engine.create(NewInstance.of("cart").id("cart-1"));
    engine.create(NewInstance.of("cart").id("cart-2"));
    engine.enqueue("cart-1", Event.of("CHECKOUT"));
    engine.runDue();
    engine.enqueue("cart-2", Event.of("ADD"));
    return engine.admin().queues().deadLetters("cart", 10).get(0).id();
  }

  @Test
  void statusShowsEveryMachineAndOneMachinesDetails() throws Exception {
    deadLetterAndPending();
    CliRun all = cli("queue", "status");
    assertThat(all.exitCode).as(all.toString()).isZero();
    assertThat(all.out)
        .contains(
            "Queue Status",
            "Machine Queues:",
            "│ Machine │ Pending │ Processing │ Failed │ Avg Time │ Status  │")
        .contains("│ cart    │ 1       │ 0/10       │ 1      │ -        │ running │")
        .contains("Dead Letter Queue: 1 event");
    JsonNode stats = json(cli("queue", "status", "--output", "json"));
    assertThat(stats.get(0).get("pending").asInt()).isEqualTo(1);

    CliRun one = cli("queue", "status", "cart");
    assertThat(one.out)
        .contains(
            "cart Queue Details",
            "Strategy:      fifo",
            "Retry:         3 attempts, exponential backoff",
            "Status:        RUNNING");
  }

  @Test
  void aMisspelledMachineIsAnErrorThatChangesNothing() {
    deadLetterAndPending();
    CliRun status = cli("queue", "status", "crat");
    assertThat(status.exitCode).as(status.toString()).isEqualTo(1);
    assertThat(status.err)
        .startsWith("clockwork: no machine 'crat' is known; did you mean cart? (known: cart)");
    CliRun pause = cli("queue", "pause", "crat");
    assertThat(pause.exitCode).isEqualTo(1);
    assertThat(pause.out).doesNotContain("PAUSED");
    assertThat(store.queueAdmin().isPaused("crat")).isFalse();
    assertThat(store.queueAdmin().isPaused("cart")).isFalse();
    assertThat(cli("queue", "status", "cart").err).isEmpty();
  }

  @Test
  void pauseAndResume() {
    deadLetterAndPending();
    assertThat(cli("queue", "pause", "cart").out).contains("cart: PAUSED (1 pending)");
    assertThat(cli("queue", "status", "cart").out).contains("Status:        PAUSED (1 pending)");
    engine.enqueue("cart-2", Event.of("ADD"));
    assertThat(engine.runDue()).isZero();
    assertThat(cli("queue", "resume", "cart").out).contains("cart: running (2 pending)");
    assertThat(engine.runDue()).isEqualTo(2);
  }

  @Test
  void deadLettersAreListedAndInspectedWithEveryField() throws Exception {
    long id = deadLetterAndPending();
    CliRun list = cli("queue", "dlq");
    assertThat(list.out)
        .contains(
            "1 failed event",
            "│ " + id + " ",
            "cart-1",
            "CHECKOUT",
            "BusinessFailure: CART_EMPTY: no items");
    CliRun forPeople = cli("queue", "dlq", "inspect", String.valueOf(id));
    assertThat(forPeople.exitCode).as(forPeople.toString()).isZero();
    assertThat(forPeople.out)
        .contains("Dead Letter " + id, "Instance:     cart-1", "Event:        CHECKOUT")
        .contains("ATTEMPT", "BusinessFailure: CART_EMPTY: no items")
        .contains("clockwork queue retry " + id);
    JsonNode inspected =
        json(cli("queue", "dlq", "inspect", String.valueOf(id), "--output", "json"));
    assertThat(inspected.get("id").asLong()).isEqualTo(id);
    assertThat(inspected.get("original_event").get("type").asText()).isEqualTo("CHECKOUT");
    assertThat(inspected.get("original_event").get("instance").asText()).isEqualTo("cart-1");
    assertThat(inspected.get("machine").asText()).isEqualTo("cart");
    assertThat(inspected.get("attempts").asInt()).isEqualTo(1);
    assertThat(inspected.get("errors")).hasSize(1);
    assertThat(inspected.get("conversation_id").asText()).startsWith("conv-");
    assertThat(inspected.get("first_attempt").asText()).isEqualTo("2026-01-01T00:00:00Z");
    CliRun missing = cli("queue", "dlq", "inspect", "999999");
    assertThat(missing.exitCode).isEqualTo(1);
    assertThat(missing.err).contains("no dead letter with id 999999");
  }

  @Test
  void retryOneWithADelayOrAllOfAMachine() throws Exception {
    long id = deadLetterAndPending();
    JsonNode retried =
        json(cli("queue", "retry", String.valueOf(id), "--delay", "5s", "--output", "json"));
    assertThat(retried.get("availableAt").asText()).isEqualTo("2026-01-01T00:00:05Z");
    assertThat(engine.admin().queues().deadLetters("cart", 10)).isEmpty();
    CliRun again = cli("queue", "dlq", "inspect", String.valueOf(id));
    assertThat(again.exitCode).isEqualTo(1);
    assertThat(again.err)
        .contains(
            "dead letter "
                + id
                + " was retried already: it is event "
                + retried.get("eventId").asLong()
                + " of instance cart-");
    clock.advance(Duration.ofSeconds(5));
    engine.runDue();
    assertThat(engine.admin().queues().deadLetters("cart", 10)).hasSize(1);
    CliRun all = cli("queue", "retry", "cart", "--all");
    assertThat(all.out).contains("Retrying 1 dead letter of cart");
    CliRun notAnId = cli("queue", "retry", "cart");
    assertThat(notAnId.exitCode).isEqualTo(2);
    assertThat(notAnId.err).contains("'cart' is not a dead letter id");
  }

  @Test
  void purgeRefusesWithoutConfirmAndChangesNothing() throws Exception {
    deadLetterAndPending();
    CliRun refused = cli("queue", "purge", "cart", "--pending");
    assertThat(refused.exitCode).isEqualTo(1);
    assertThat(refused.err).contains("cannot be undone; nothing was changed. Add --confirm");
    assertThat(store.queue().pendingEvents()).isEqualTo(1);

    JsonNode pending =
        json(cli("queue", "purge", "cart", "--pending", "--confirm", "--output", "json"));
    assertThat(pending.get("pending").asInt()).isEqualTo(1);
    assertThat(pending.get("deadLetters").asInt()).isZero();
    assertThat(store.queue().pendingEvents()).isZero();

    assertThat(cli("queue", "purge", "cart", "--older-than", "24h", "--confirm").out)
        .contains("purged 0 pending events and 0 dead letters");
    clock.advance(Duration.ofDays(2));
    assertThat(cli("queue", "purge", "cart", "--dlq", "--confirm").out)
        .contains("purged 0 pending events and 1 dead letters");
  }

  @Test
  void healthExitCodesFollowTheThresholds(@TempDir Path dir) throws Exception {
    deadLetterAndPending();
    CliRun healthy = cli("queue", "health");
    assertThat(healthy.exitCode).as(healthy.toString()).isZero();
    assertThat(healthy.out)
        .contains("Overall: HEALTHY", "Review 1 event in the cart dead letter queue")
        .contains("Processing times: not checked here. The CLI processes no events; each engine")
        .contains(
            "process measures its own (engine.admin().queues().health(), queue.processing_time).");

    Path warning = dir.resolve("warning.yaml");
    Files.writeString(warning, "queue:\n  alerts:\n    dlq_warning: 1\n    dlq_critical: 5\n");
    CliRun warned = cli("queue", "health", "--config", warning.toString());
    assertThat(warned.exitCode).isEqualTo(1);
    assertThat(warned.out).contains("Overall: WARNING");

    Path critical = dir.resolve("critical.yaml");
    Files.writeString(
        critical, "queue:\n  alerts:\n    pending_warning: 1\n    pending_critical: 1\n");
    CliRun critic = cli("queue", "health", "--config", critical.toString(), "--output", "json");
    assertThat(critic.exitCode).isEqualTo(2);
    JsonNode report = json(critic);
    assertThat(report.get("overall").asText()).isEqualTo("CRITICAL");
    assertThat(report.get("checks")).isNotEmpty();
    assertThat(report.get("processingTimesChecked").asBoolean()).isFalse();
    assertThat(report.get("processingTimes").asText()).contains("not by the CLI");
  }
}
