package dev.clockwork.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.examples.ExampleMachines;
import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.postgres.testing.EmbeddedPostgresDatabase;
import dev.clockwork.postgres.testing.TestDatabase;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.instance.NewInstance;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The CLI against embedded PostgreSQL: output for people, JSON for scripts, exit codes, errors. */
class CliTest {
  private static final TestDatabase DB = EmbeddedPostgresDatabase.shared().newDatabase();
  private static final List<MachineDefinition> MACHINES = new ExampleMachines().machines();

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
            .register(MACHINES.toArray(new MachineDefinition[0]))
            .build();
  }

  @AfterEach
  void tearDown() {
    store.close();
  }

  private CliRun cli(String... args) {
    return CliRun.run(CliRun.databaseEnv(DB), clock, MACHINES, args);
  }

  private static JsonNode json(CliRun run) throws Exception {
    return new ObjectMapper().readTree(run.out);
  }

  private void submitOrder(String id) {
    engine.create(NewInstance.of("order").id(id));
    engine.send(id, Event.of("SUBMIT"));
  }

  @Test
  void withoutACommandItPrintsUsage() {
    CliRun run = cli();
    assertThat(run.exitCode).isZero();
    assertThat(run.out)
        .contains("Usage: clockwork")
        .contains("migrate")
        .contains("timers")
        .contains("instance")
        .contains("queue")
        .contains("schedules");
  }

  @Test
  void everyCommandTakesHelpEvenWithoutItsRequiredArguments() {
    for (String[] command :
        new String[][] {
          {"timers", "--help"},
          {"timers", "process", "--help"},
          {"instance", "event", "--help"},
          {"queue", "retry", "-h"},
          {"schedules", "backfill", "--help"},
          {"migrate", "--help"}
        }) {
      CliRun run = cli(command);
      assertThat(run.exitCode).as(run.toString()).isZero();
      assertThat(run.out).contains("Usage: clockwork " + command[0]);
      assertThat(run.err).isEmpty();
    }
  }

  @Test
  void aBadArgumentPrintsUsageAndExitsWithTwo() {
    CliRun unknown = cli("frobnicate");
    assertThat(unknown.exitCode).isEqualTo(2);
    assertThat(unknown.err)
        .startsWith("clockwork: unknown command 'frobnicate'")
        .contains("Usage: clockwork");
    CliRun badFormat = cli("timers", "status", "--output", "xml");
    assertThat(badFormat.exitCode).isEqualTo(2);
    assertThat(badFormat.err).contains("'xml' is not an output format; use table or json");
  }

  @Test
  void migrateReportsAnUpToDateSchema() {
    CliRun run = cli("migrate");
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.out).contains("Clockwork's tables are up to date");
    assertThat(DB.single("SELECT count(*) FROM clockwork_schema_history")).isNotNull();
  }

  @Test
  void anUnreachableDatabaseIsAClearErrorWithoutAStackTrace() {
    CliRun run =
        CliRun.run(
            Map.of(),
            clock,
            MACHINES,
            "timers",
            "status",
            "--jdbc-url",
            "jdbc:postgresql://127.0.0.1:1/nowhere");
    assertThat(run.exitCode).isEqualTo(1);
    assertThat(run.err)
        .startsWith(
            "clockwork: cannot connect to PostgreSQL at jdbc:postgresql://127.0.0.1:1/nowhere");
    assertThat(run.err).doesNotContain("\tat ");
  }

  @Test
  void migrateNamesAnUnreachableDatabaseOnOneLine() {
    CliRun run =
        CliRun.run(
            Map.of(), clock, MACHINES, "migrate", "--jdbc-url", "jdbc:postgresql://127.0.0.1:1/x");
    assertThat(run.exitCode).isEqualTo(1);
    assertThat(run.err)
        .startsWith("clockwork: cannot connect to PostgreSQL at jdbc:postgresql://127.0.0.1:1/x: ")
        .hasLineCount(1);
  }

  @Test
  void aUrlThatIsNotAJdbcUrlIsNamedWithTheFix() {
    for (String command : new String[] {"migrate", "timers"}) {
      CliRun run =
          CliRun.run(
              Map.of("CLOCKWORK_JDBC_URL", "postgres://localhost/app"),
              clock,
              MACHINES,
              command.equals("migrate")
                  ? new String[] {"migrate"}
                  : new String[] {"timers", "status"});
      assertThat(run.exitCode).isEqualTo(1);
      assertThat(run.err)
          .isEqualToIgnoringNewLines(
              "clockwork: 'postgres://localhost/app' (from CLOCKWORK_JDBC_URL) is not a PostgreSQL"
                  + " JDBC URL; write jdbc:postgresql://host:5432/db");
    }
  }

  @Test
  void aDatabaseWithoutClockworksTablesSaysToMigrate() {
    String empty =
        "jdbc:postgresql://localhost:" + EmbeddedPostgresDatabase.shared().port() + "/postgres";
    CliRun run =
        CliRun.run(
            Map.of(),
            clock,
            MACHINES,
            "instance",
            "show",
            "x",
            "--jdbc-url",
            empty,
            "--user",
            "postgres");
    assertThat(run.exitCode).isEqualTo(1);
    assertThat(run.err)
        .isEqualToIgnoringNewLines(
            "clockwork: Clockwork's tables are not in "
                + empty
                + " yet; create them with `clockwork migrate` (same connection settings)");
  }

  @Test
  void tablesMadeByAnOlderVersionSayToMigrate() {
    TestDatabase older = EmbeddedPostgresDatabase.shared().newDatabase();
    // as if the newest migration had not run yet (its tables stay: only the history says so)
    older.execute(
        "DELETE FROM clockwork_schema_history WHERE installed_rank ="
            + " (SELECT max(installed_rank) FROM clockwork_schema_history)");

    CliRun run = CliRun.run(CliRun.databaseEnv(older), clock, MACHINES, "queue", "status");

    assertThat(run.exitCode).isEqualTo(1);
    assertThat(run.err)
        .startsWith("clockwork: Clockwork's tables in ")
        .contains("were made by an older version (1 migration to apply); upgrade them with");
  }

  @Test
  void timersProcessRefusesSettingsForAMisspelledMachine(@TempDir Path dir) throws Exception {
    Path config = dir.resolve("clockwork.yaml");
    Files.writeString(config, "machines:\n  ordr:\n    queue:\n      concurrency: 2\n");
    CliRun run = cli("timers", "process", "--machine", "order", "--config", config.toString());
    assertThat(run.exitCode).isEqualTo(1);
    assertThat(run.err)
        .startsWith(
            "clockwork: "
                + config
                + ":2: machines.ordr: no machine 'ordr' is registered; did you mean order?");
  }

  @Test
  void noDatabaseConfiguredSaysHowToGiveOne() {
    CliRun run = CliRun.run(Map.of(), clock, MACHINES, "timers", "status");
    assertThat(run.exitCode).isEqualTo(1);
    assertThat(run.err).contains("no database given: pass --jdbc-url");
  }

  @Test
  void theDatabaseCanComeFromAConfigFile(@TempDir Path dir) throws Exception {
    Path config = dir.resolve("clockwork.yaml");
    Files.writeString(
        config,
        "database:\n  url: "
            + DB.url()
            + "\n  user: "
            + DB.user()
            + "\n  password: "
            + DB.password()
            + "\n");
    submitOrder("order-1");
    CliRun run =
        CliRun.run(Map.of(), clock, MACHINES, "timers", "status", "--config", config.toString());
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.out).contains("order-1");
  }

  @Test
  void timersStatusListsArmedTimersAsATableOrJson() throws Exception {
    submitOrder("order-1");
    engine.create(NewInstance.of("subscription").id("sub-1"));
    CliRun table = cli("timers", "status");
    assertThat(table.exitCode).as(table.toString()).isZero();
    assertThat(table.out)
        .contains("INSTANCE", "MACHINE", "STATE", "EVENT", "DUE")
        .contains("order-1", "awaiting_payment", "ORDER_EXPIRED", "2026-01-08T00:00:00Z")
        .contains("sub-1", "BILLING")
        .contains("2 shown, 0 due now.");

    JsonNode onlyOrders = json(cli("timers", "status", "--machine", "order", "--output", "json"));
    assertThat(onlyOrders).hasSize(1);
    assertThat(onlyOrders.get(0).get("instanceId").asText()).isEqualTo("order-1");
    assertThat(onlyOrders.get(0).get("due").asText()).isEqualTo("2026-01-08T00:00:00Z");

    assertThat(json(cli("timers", "status", "--state", "active_subscription", "--output", "json")))
        .hasSize(1);
    assertThat(cli("timers", "status", "--machine", "payment").out)
        .contains("No armed timers for payment.");
  }

  @Test
  void timersProcessNamesUnknownMachinesAndSuggestsTheClosest() {
    CliRun run = cli("timers", "process", "--machine", "billing");
    assertThat(run.exitCode).isEqualTo(1);
    assertThat(run.err)
        .contains(
            "no machine 'billing' is on the classpath (known: [order, subscription, payment,"
                + " checkout, fulfilment, invoice-sync, health-check])");
    CliRun typo = cli("timers", "process", "--machine", "ordr");
    assertThat(typo.exitCode).isEqualTo(1);
    assertThat(typo.err)
        .startsWith("clockwork: no machine 'ordr' is on the classpath; did you mean order?")
        .doesNotContain("\tat ");
  }

  @Test
  void timersStatusRefusesAMachineNoOneKnows() {
    submitOrder("order-1");
    CliRun run = cli("timers", "status", "--machine", "ordr");
    assertThat(run.exitCode).as(run.toString()).isEqualTo(1);
    assertThat(run.out).isEmpty();
    assertThat(run.err).startsWith("clockwork: no machine 'ordr' is known; did you mean order?");
    CliRun seedSpelling = cli("timers", "status", "--machine", "@order");
    assertThat(seedSpelling.exitCode).as(seedSpelling.toString()).isZero();
    assertThat(seedSpelling.out).contains("order-1", "1 shown");
  }

  @Test
  void instanceShowPrintsStateContextTimersAndHistory() throws Exception {
    submitOrder("order-1");
    CliRun run = cli("instance", "show", "order-1");
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.out)
        .contains("Instance      order-1")
        .contains("Machine       order v1")
        .containsPattern("Conversation  conv-[0-9a-f-]{36}")
        .contains("State         awaiting_payment")
        .contains("awaiting_payment#ORDER_EXPIRED")
        .contains("SEQ", "KIND", "EVENT ID", "TRY")
        .contains("SUBMIT")
        .doesNotContain("Failed timers");
    JsonNode json = json(cli("instance", "show", "order-1", "--output", "json"));
    assertThat(json.get("states").get(0).asText()).isEqualTo("awaiting_payment");
    assertThat(json.get("conversation_id").asText()).startsWith("conv-");
    assertThat(json.get("history")).hasSize(2);
    assertThat(json.get("history").get(0).get("conversationId").asText())
        .isEqualTo(json.get("conversation_id").asText());

    CliRun missing = cli("instance", "show", "nope");
    assertThat(missing.exitCode).isEqualTo(1);
    assertThat(missing.err).contains("clockwork: no instance with id 'nope'");
  }
}
