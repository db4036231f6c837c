package dev.clockwork.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.examples.ExampleMachines;
import dev.clockwork.examples.order.OrderMachine;
import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.postgres.testing.EmbeddedPostgresDatabase;
import dev.clockwork.postgres.testing.TestDatabase;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.clock.VirtualClock;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code clockwork machine deploy|list|show|diff} against PostgreSQL: the example order machine's
 * version 1 deployed from Java, version 2 from {@code machines/order-v2.yaml}.
 */
class MachineCliTest {
  private static final TestDatabase DB = EmbeddedPostgresDatabase.shared().newDatabase();
  private static final List<MachineDefinition> MACHINES = new ExampleMachines().machines();

  private final VirtualClock clock = VirtualClock.at("2026-11-25T10:00:00Z");
  private PostgresStore store;
  private Engine engine;

  @TempDir Path dir;

  @BeforeEach
  void setUp() {
    DB.truncateClockworkTables();
    store = PostgresStore.on(DB.dataSource());
    engine = Engine.builder().store(store).clock(clock).build();
    engine.machines().deploy(OrderMachine.definition());
  }

  @AfterEach
  void tearDown() {
    engine.close();
    store.close();
  }

  static String orderV2() throws IOException {
    try (InputStream in = MachineCliTest.class.getResourceAsStream("/machines/order-v2.yaml")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  private Path file(String name, String text) throws IOException {
    return Files.writeString(dir.resolve(name), text);
  }

  private CliRun cli(String... args) {
    return CliRun.run(CliRun.databaseEnv(DB), clock, MACHINES, args);
  }

  private static void noStackTrace(CliRun run) {
    assertThat(run.err).doesNotContain("Exception").doesNotContain("\tat ");
  }

  @Test
  void deployPrintsTheMachineVersionDigestAndWhetherItWasNew() throws IOException {
    Path v2 = file("order-v2.yaml", orderV2());

    CliRun first = cli("machine", "deploy", v2.toString());

    assertThat(first.exitCode).as(first.toString()).isZero();
    String digest = engine.machines().deployed("order").get(0).digest();
    assertThat(engine.machines().deployed("order").get(0).version()).isEqualTo(2);
    assertThat(first.out)
        .contains("order-v2.yaml")
        .contains("order")
        .contains(digest.substring(0, 12))
        .containsPattern("\\b2\\b")
        .contains("deployed")
        .doesNotContain("unchanged");

    CliRun again = cli("machine", "deploy", v2.toString(), "-o", "json");

    assertThat(again.exitCode).as(again.toString()).isZero();
    JsonNode row = new ObjectMapper().readTree(again.out).get(0);
    assertThat(row.get("machine").asText()).isEqualTo("order");
    assertThat(row.get("version").asInt()).isEqualTo(2);
    assertThat(row.get("digest").asText()).isEqualTo(digest);
    assertThat(row.get("created").asBoolean()).isFalse();
  }

  @Test
  void aMistakeNamesTheFileLineAndPathAndDeploysNothing() throws IOException {
    Path broken = file("broken.yaml", orderV2().replace("target: cancelled", "target: canceled"));

    CliRun run = cli("machine", "deploy", broken.toString());

    assertThat(run.exitCode).isEqualTo(1);
    assertThat(run.err)
        .contains("broken.yaml:17:")
        .contains("order.awaiting_payment.on.ORDER_EXPIRED")
        .contains("canceled");
    noStackTrace(run);
    assertThat(engine.machines().deployed("order")).hasSize(1);
  }

  @Test
  void aChangedMachineUnderADeployedVersionIsToldToRaiseItsVersion() throws IOException {
    cli("machine", "deploy", file("order-v2.yaml", orderV2()).toString());
    Path changed = file("changed.yaml", orderV2().replace("max: 3", "max: 5"));

    CliRun run = cli("machine", "deploy", changed.toString());

    assertThat(run.exitCode).isEqualTo(1);
    assertThat(run.err).contains("changed.yaml").contains("version 2").contains("raise version:");
    noStackTrace(run);
  }

  @Test
  void aMissingFileIsNamedAndNoFileIsAUsageError() {
    CliRun missing = cli("machine", "deploy", dir.resolve("nope.yaml").toString());
    assertThat(missing.exitCode).isEqualTo(1);
    assertThat(missing.err).contains("no machine file").contains("nope.yaml");

    CliRun none = cli("machine", "deploy");
    assertThat(none.exitCode).isEqualTo(2);
    assertThat(none.err).contains("FILE").contains("Usage");
  }

  @Test
  void listShowsEachMachinesNewestVersionAndHowMany() throws IOException {
    cli("machine", "deploy", file("order-v2.yaml", orderV2()).toString());

    CliRun table = cli("machine", "list");
    assertThat(table.exitCode).as(table.toString()).isZero();
    assertThat(table.out).contains("order").contains("v2").contains("2026-11-25T10:00:00Z");

    CliRun json = cli("machine", "list", "-o", "json");
    JsonNode order = new ObjectMapper().readTree(json.out).get(0);
    assertThat(order.get("machine").asText()).isEqualTo("order");
    assertThat(order.get("newest_version").asInt()).isEqualTo(2);
    assertThat(order.get("versions").asInt()).isEqualTo(2);
  }

  @Test
  void showPrintsAVersionAsYamlJsonOrMermaid() throws IOException {
    cli("machine", "deploy", file("order-v2.yaml", orderV2()).toString());

    CliRun newest = cli("machine", "show", "order");
    assertThat(newest.exitCode).as(newest.toString()).isZero();
    assertThat(newest.out)
        .contains("id: order")
        .contains("version: 2")
        .contains("retrying_payment");

    CliRun first = cli("machine", "show", "@order", "1");
    assertThat(first.out).contains("awaiting_payment").doesNotContain("retrying_payment");

    CliRun json = cli("machine", "show", "order", "-o", "json");
    assertThat(new ObjectMapper().readTree(json.out).get("version").asInt()).isEqualTo(2);

    CliRun mermaid = cli("machine", "show", "order", "-o", "mermaid");
    assertThat(mermaid.exitCode).as(mermaid.toString()).isZero();
    assertThat(mermaid.out).startsWith("stateDiagram-v2").contains("retrying_payment");
  }

  @Test
  void showNamesWhatThereIsWhenAskedForWhatIsNot() {
    CliRun machine = cli("machine", "show", "ordr");
    assertThat(machine.exitCode).isEqualTo(1);
    assertThat(machine.err).contains("'ordr'").contains("order");
    noStackTrace(machine);

    CliRun version = cli("machine", "show", "order", "7");
    assertThat(version.exitCode).isEqualTo(1);
    assertThat(version.err).contains("version 7").contains("[1]");

    CliRun form = cli("machine", "show", "order", "-o", "xml");
    assertThat(form.exitCode).isEqualTo(2);
    assertThat(form.err).contains("yaml, json or mermaid");
  }

  @Test
  void diffPrintsAUnifiedDiffOfTwoVersions() throws IOException {
    cli("machine", "deploy", file("order-v2.yaml", orderV2()).toString());

    CliRun diff = cli("machine", "diff", "order", "1", "2");

    assertThat(diff.exitCode).as(diff.toString()).isZero();
    assertThat(diff.out)
        .startsWith("--- order v1\n+++ order v2\n")
        .contains("\n+version: 2")
        .contains("\n+  retrying_payment:");

    JsonNode json =
        new ObjectMapper().readTree(cli("machine", "diff", "order", "1", "2", "-o", "json").out);
    assertThat(json.get("diff").asText()).isEqualTo(diff.out);

    CliRun same = cli("machine", "diff", "order", "2", "2");
    assertThat(same.out).contains("same document");

    CliRun unknown = cli("machine", "diff", "order", "1", "3");
    assertThat(unknown.exitCode).isEqualTo(1);
    assertThat(unknown.err).contains("version 3").contains("[2, 1]");
  }
}
