package dev.clockwork.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.examples.order.OrderMachine;
import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.postgres.testing.EmbeddedPostgresDatabase;
import dev.clockwork.postgres.testing.TestDatabase;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.queue.EventStatus.State;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code instance create|send|enqueue}: from the command line, payloads as JSON, file or pairs. */
class InstanceWriteCliTest {
  private static final TestDatabase DB = EmbeddedPostgresDatabase.shared().newDatabase();
  private static final MachineDefinition ORDER = OrderMachine.definition();

  private final VirtualClock clock = VirtualClock.at("2026-01-01T00:00:00Z");
  private PostgresStore store;
  private Engine engine;

  @BeforeEach
  void setUp() {
    DB.truncateClockworkTables();
    store = PostgresStore.on(DB.dataSource());
    engine = Engine.builder().store(store).clock(clock).register(ORDER).build();
  }

  @AfterEach
  void tearDown() {
    engine.close();
    store.close();
  }

  private CliRun cli(String... args) {
    return CliRun.run(CliRun.databaseEnv(DB), clock, List.of(ORDER), args);
  }

  @Test
  void createSendAndEnqueue() throws Exception {
    CliRun created = cli("instance", "create", "order", "--id", "order-1", "--set", "note=gift");
    assertThat(created.exitCode).as(created.toString()).isZero();
    assertThat(created.out).contains("created order-1 (order v1): [idle]");
    assertThat(engine.instances().get("order-1").context()).containsEntry("note", "gift");

    CliRun sent = cli("instance", "send", "order-1", "SUBMIT");
    assertThat(sent.out).contains("sent SUBMIT to order-1 (order v1): [awaiting_payment]");

    CliRun queued =
        cli("instance", "enqueue", "order-1", "PAY", "--payload", "{\"amount\": 10}", "-o", "json");
    assertThat(queued.exitCode).as(queued.toString()).isZero();
    JsonNode json = new ObjectMapper().readTree(queued.out);
    long eventId = json.get("event_id").asLong();
    assertThat(engine.instances().event("order-1", eventId).state()).isEqualTo(State.PENDING);
    assertThat(engine.runDue()).isEqualTo(1);
    assertThat(engine.instances().get("order-1").states()).containsExactly("processing");
  }

  @Test
  void aPayloadFromAFile(@TempDir Path dir) throws Exception {
    Path payload = dir.resolve("payment.json");
    Files.writeString(payload, "{\"amount\": 10, \"currency\": \"EUR\"}");
    cli("instance", "create", "order", "--id", "order-1");
    cli("instance", "send", "order-1", "SUBMIT");

    CliRun sent = cli("instance", "send", "order-1", "PAY", "--payload-file", payload.toString());

    assertThat(sent.exitCode).as(sent.toString()).isZero();
    assertThat(engine.instances().get("order-1").states()).containsExactly("processing");
  }

  @Test
  void mistakesAreNamedWithoutAStackTrace() {
    CliRun badJson = cli("instance", "create", "order", "--input", "{\"amount\": 10");
    assertThat(badJson.exitCode).isEqualTo(2);
    assertThat(badJson.err).contains("is not one JSON object").doesNotContain("\tat ");

    CliRun notAnObject = cli("instance", "create", "order", "--input", "[1, 2]");
    assertThat(notAnObject.err).contains("must be a JSON object");

    cli("instance", "create", "order", "--id", "order-1");
    CliRun untaken = cli("instance", "send", "order-1", "SHIP");
    assertThat(untaken.exitCode).isEqualTo(1);
    assertThat(untaken.err).contains("SHIP");

    CliRun missing = cli("instance", "send", "order-9", "SUBMIT");
    assertThat(missing.err).contains("no instance with id 'order-9'");

    CliRun unknownMachine = cli("instance", "create", "ordr");
    assertThat(unknownMachine.exitCode).isNotZero();
    assertThat(unknownMachine.err).contains("ordr").doesNotContain("\tat ");
  }
}
