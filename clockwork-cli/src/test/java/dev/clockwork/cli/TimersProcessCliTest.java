package dev.clockwork.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.examples.order.OrderMachine;
import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.postgres.testing.EmbeddedPostgresDatabase;
import dev.clockwork.postgres.testing.TestDatabase;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.instance.HistoryQuery;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.queue.EventStatus.State;
import dev.clockwork.runtime.store.HistoryEntry.Kind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code timers process --machine X}: runs every event and timer fire of X due now, with the config
 * file's queue settings, and nothing of the other machines.
 */
class TimersProcessCliTest {
  private static final TestDatabase DB = EmbeddedPostgresDatabase.shared().newDatabase();
  private static final MachineDefinition ORDER = OrderMachine.definition();
  private static final MachineDefinition FLAKY =
      Machine.define("flaky")
          .initial("on")
          .state(
              "on",
              s ->
                  s.on(
                      "POKE",
                      t ->
                          t.action(
                              x -> {
                                throw new IllegalStateException("down");
                              })))
          .build();

  private final VirtualClock clock = VirtualClock.at("2026-01-01T00:00:00Z");
  private PostgresStore store;
  private Engine engine;

  @BeforeEach
  void setUp() {
    DB.truncateClockworkTables();
    store = PostgresStore.on(DB.dataSource());
    engine = Engine.builder().store(store).clock(clock).register(ORDER, FLAKY).build();
  }

  @AfterEach
  void tearDown() {
    engine.close();
    store.close();
  }

  private CliRun cli(String... args) {
    return CliRun.run(CliRun.databaseEnv(DB), clock, List.of(ORDER, FLAKY), args);
  }

  @Test
  void itAppliesTheMachinesDueTimerFire() throws Exception {
    engine.create(NewInstance.of("order").id("order-1"));
    engine.send("order-1", Event.of("SUBMIT"));
    clock.advance(Duration.ofDays(7));

    CliRun run = cli("timers", "process", "--machine", "order");

    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.out)
        .containsPattern("order: processed 1 event or timer fire in (<1ms|\\d+ms|[\\d.]+s)$");
    assertThat(engine.instances().get("order-1").states()).containsExactly("cancelled");
    assertThat(engine.instances().history(HistoryQuery.all("order-1")))
        .extracting(h -> h.kind())
        .contains(Kind.TIMER_FIRED);
    JsonNode again =
        new ObjectMapper()
            .readTree(cli("timers", "process", "--machine", "order", "--output", "json").out);
    assertThat(again.get("machine").asText()).isEqualTo("order");
    assertThat(again.get("processed").asInt()).isZero();
    assertThat(Duration.parse(again.get("took").asText())).as("ISO 8601").isPositive();
  }

  @Test
  void itRunsTheMachinesDueEventsAndLeavesOtherMachinesAlone() {
    engine.create(NewInstance.of("order").id("order-1"));
    engine.enqueue("order-1", Event.of("SUBMIT"));
    engine.create(NewInstance.of("flaky").id("flaky-1"));
    long poke = engine.enqueue("flaky-1", Event.of("POKE")).id();

    CliRun run = cli("timers", "process", "--machine", "order");

    assertThat(run.out).contains("order: processed 1 event or timer fire");
    assertThat(engine.instances().get("order-1").states()).containsExactly("awaiting_payment");
    assertThat(engine.instances().event("flaky-1", poke).state()).isEqualTo(State.PENDING);
  }

  @Test
  void itRetriesAsTheConfigFileSays(@TempDir Path dir) throws Exception {
    engine.create(NewInstance.of("flaky").id("flaky-1"));
    long first = engine.enqueue("flaky-1", Event.of("POKE")).id();
    assertThat(cli("timers", "process", "--machine", "flaky").exitCode).isZero();
    assertThat(engine.instances().event("flaky-1", first).state())
        .as("the default: 3 attempts")
        .isEqualTo(State.RETRYING);

    Path config = dir.resolve("clockwork.yaml");
    Files.writeString(
        config, "machines:\n  flaky:\n    queue:\n      retry:\n        max_attempts: 1\n");
    engine.create(NewInstance.of("flaky").id("flaky-2"));
    long second = engine.enqueue("flaky-2", Event.of("POKE")).id();
    CliRun run = cli("timers", "process", "--machine", "flaky", "--config", config.toString());

    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(engine.instances().event("flaky-2", second).state()).isEqualTo(State.DEAD_LETTERED);
  }
}
