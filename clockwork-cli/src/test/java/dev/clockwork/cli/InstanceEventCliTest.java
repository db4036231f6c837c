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
import dev.clockwork.runtime.config.Settings;
import dev.clockwork.runtime.instance.NewInstance;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@code instance event ID EVENT_ID}: each fate of a queued event, for people and scripts. */
class InstanceEventCliTest {
  private static final TestDatabase DB = EmbeddedPostgresDatabase.shared().newDatabase();
  private static final MachineDefinition CART =
      Machine.define("cart")
          .initial("open")
          .state(
              "open",
              s ->
                  s.on("ADD", t -> t.action(x -> x.set("items", 1)))
                      .on(
                          "PAY",
                          t ->
                              t.action(
                                  x -> {
                                    throw new IllegalStateException("payment service down");
                                  }))
                      .on("CHECKOUT", t -> t.action(x -> x.fail("CART_EMPTY", "no items"))))
          .build();
  private static final MachineDefinition DRAFT =
      Machine.define("draft")
          .initial("open")
          .state("open", s -> s.on("SAVE", t -> t.action(x -> x.fail("READ_ONLY", "locked"))))
          .build();

  private final VirtualClock clock = VirtualClock.at("2026-01-01T00:00:00Z");
  private PostgresStore store;
  private Engine engine;

  @BeforeEach
  void setUp() {
    DB.truncateClockworkTables();
    store = PostgresStore.on(DB.dataSource());
    engine =
        Engine.builder()
            .store(store)
            .clock(clock)
            .register(CART, DRAFT)
            .config(
                Settings.parse(
                    "machines:\n  draft:\n    queue:\n      dead_letter:\n        enabled: false\n",
                    "test.yaml"))
            .build();
    engine.create(NewInstance.of("cart").id("cart-1"));
  }

  @AfterEach
  void tearDown() {
    engine.close();
    store.close();
  }

  private CliRun cli(String... args) {
    return CliRun.run(CliRun.databaseEnv(DB), clock, List.of(), args);
  }

  private CliRun event(long id) {
    CliRun run = cli("instance", "event", "cart-1", String.valueOf(id));
    assertThat(run.exitCode).as(run.toString()).isZero();
    return run;
  }

  private JsonNode json(String instance, long id) throws Exception {
    CliRun run = cli("instance", "event", instance, String.valueOf(id), "--output", "json");
    assertThat(run.exitCode).as(run.toString()).isZero();
    return new ObjectMapper().readTree(run.out);
  }

  @Test
  void aQueuedEventIsPending() throws Exception {
    long id = engine.enqueue("cart-1", Event.of("ADD")).id();
    assertThat(event(id).out)
        .contains("Event " + id + " of cart-1: pending, available at 2026-01-01T00:00:00Z");
    assertThat(json("cart-1", id).get("state").asText()).isEqualTo("PENDING");
  }

  @Test
  void aFailedAttemptIsRetryingWithItsNextAttemptAndError() throws Exception {
    long id = engine.enqueue("cart-1", Event.of("PAY")).id();
    engine.runDue();
    assertThat(event(id).out)
        .contains(
            "Event "
                + id
                + " of cart-1: retrying after 1 failed attempt, next attempt at"
                + " 2026-01-01T00:00:01Z")
        .contains("ATTEMPT", "ERROR", "IllegalStateException: payment service down");
    JsonNode json = json("cart-1", id);
    assertThat(json.get("state").asText()).isEqualTo("RETRYING");
    assertThat(json.get("nextAttemptAt").asText()).isEqualTo("2026-01-01T00:00:01Z");
    assertThat(json.get("errors")).hasSize(1);
  }

  @Test
  void aProcessedEventIsAppliedWithItsHistoryRow() throws Exception {
    long id = engine.enqueue("cart-1", Event.of("ADD")).id();
    engine.runDue();
    long row = engine.instances().event("cart-1", id).historySequence();
    assertThat(row).isPositive();
    assertThat(event(id).out).contains("Event " + id + " of cart-1: applied in history row " + row);
    assertThat(json("cart-1", id).get("historySequence").asLong()).isEqualTo(row);
  }

  @Test
  void aFailedEventIsDeadLetteredWithItsDeadLetterId() throws Exception {
    long id = engine.enqueue("cart-1", Event.of("CHECKOUT")).id();
    engine.runDue();
    long deadLetter = engine.admin().queues().deadLetters("cart", 1).get(0).id();
    assertThat(event(id).out)
        .contains(
            "Event "
                + id
                + " of cart-1: dead-lettered after 1 failed attempt, dead letter "
                + deadLetter)
        .contains("BusinessFailure: CART_EMPTY: no items");
    JsonNode json = json("cart-1", id);
    assertThat(json.get("state").asText()).isEqualTo("DEAD_LETTERED");
    assertThat(json.get("deadLetterId").asLong()).isEqualTo(deadLetter);
  }

  @Test
  void aFailedEventOfAMachineWithoutDeadLettersIsDiscarded() throws Exception {
    engine.create(NewInstance.of("draft").id("draft-1"));
    long id = engine.enqueue("draft-1", Event.of("SAVE")).id();
    engine.runDue();
    CliRun run = cli("instance", "event", "draft-1", String.valueOf(id));
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.out)
        .contains("Event " + id + " of draft-1: discarded after 1 failed attempt")
        .contains("dead letters are disabled");
    assertThat(json("draft-1", id).get("state").asText()).isEqualTo("DISCARDED");
  }

  @Test
  void unknownInstancesAndEventsAreClearErrors() {
    CliRun noInstance = cli("instance", "event", "nope", "1");
    assertThat(noInstance.exitCode).isEqualTo(1);
    assertThat(noInstance.err).isEqualToIgnoringNewLines("clockwork: no instance with id 'nope'");

    CliRun noEvent = cli("instance", "event", "cart-1", "999999");
    assertThat(noEvent.exitCode).isEqualTo(1);
    assertThat(noEvent.err)
        .startsWith("clockwork: instance 'cart-1' has no event 999999")
        .contains("clockwork instance show cart-1")
        .doesNotContain("\tat ");

    CliRun notANumber = cli("instance", "event", "cart-1", "ADD");
    assertThat(notANumber.exitCode).isEqualTo(2);
    assertThat(notANumber.err).contains("EVENT_ID", "'ADD'").contains("Usage:");
  }
}
