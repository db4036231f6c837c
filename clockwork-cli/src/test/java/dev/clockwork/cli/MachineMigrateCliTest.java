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
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@code machine migrate NAME --from V --to W --map old=new [--dry-run]} against PostgreSQL. */
class MachineMigrateCliTest {
  private static final TestDatabase DB = EmbeddedPostgresDatabase.shared().newDatabase();

  private static final MachineDefinition V1 =
      Machine.define("parcel")
          .initial("waiting")
          .state("waiting", s -> s.on("PACK", "packing").on("HOLD", "on_hold"))
          .state("packing")
          .state("on_hold")
          .build();

  private static final MachineDefinition V2 =
      Machine.define("parcel")
          .version(2)
          .initial("waiting")
          .state("waiting", s -> s.on("PACK", "fulfilment"))
          .state("fulfilment", s -> s.initial("boxing").state("boxing").state("sealed"))
          .build();

  private final VirtualClock clock = VirtualClock.at("2026-11-25T10:00:00Z");
  private PostgresStore store;
  private Engine engine;

  @BeforeEach
  void setUp() {
    DB.truncateClockworkTables();
    store = PostgresStore.on(DB.dataSource());
    engine = Engine.builder().store(store).clock(clock).register(V1).build();
    for (int i = 0; i < 6; i++) {
      engine.create(NewInstance.of("parcel").id("p-" + i));
    }
    for (int i = 0; i < 4; i++) {
      engine.send("p-" + i, Event.of("PACK"));
    }
    engine.send("p-5", Event.of("HOLD"));
  }

  @AfterEach
  void tearDown() {
    engine.close();
    store.close();
  }

  private CliRun cli(String... args) {
    return CliRun.run(CliRun.databaseEnv(DB), clock, List.of(V1, V2), args);
  }

  @Test
  void aMappingToAStateTheNewVersionLacksIsNamedAsTheCulprit() throws Exception {
    CliRun dry =
        cli(
            "machine",
            "migrate",
            "parcel",
            "--from",
            "1",
            "--to",
            "2",
            "--map",
            "packing=fulfilment.wrapping",
            "--map",
            "on_hold=waiting",
            "--dry-run");

    assertThat(dry.out)
        .contains(
            "--map sends packing to fulfilment.wrapping, which v2 does not have: map it to one of"
                + " its states")
        .doesNotContain("add --map for");
    assertThat(dry.exitCode).isEqualTo(1);
  }

  @Test
  void aDryRunReportsAndTheRunMovesWhatMaps() throws Exception {
    CliRun dry =
        cli(
            "machine",
            "migrate",
            "parcel",
            "--from",
            "1",
            "--to",
            "2",
            "--map",
            "packing=fulfilment.boxing",
            "--dry-run");

    assertThat(dry.out)
        .contains("parcel v1 -> v2 (dry run: nothing changed)")
        .containsPattern("packing\\s+4")
        .containsPattern("waiting\\s+1")
        .containsPattern("on_hold\\s+1")
        .contains("Refused: p-5 — add --map for on_hold")
        .contains("Would migrate 5, refused 1");
    assertThat(dry.exitCode).as("an instance would be refused").isEqualTo(1);
    assertThat(engine.instances().get("p-0").version()).isEqualTo(1);

    CliRun run =
        cli(
            "machine",
            "migrate",
            "parcel",
            "--from",
            "1",
            "--to",
            "2",
            "--map",
            "packing=fulfilment.boxing",
            "--map",
            "on_hold=waiting",
            "-o",
            "json");

    assertThat(run.exitCode).as(run.toString()).isZero();
    JsonNode report = new ObjectMapper().readTree(run.out);
    assertThat(report.get("migrated").asInt()).isEqualTo(6);
    assertThat(engine.instances().get("p-0").states()).containsExactly("fulfilment.boxing");
    assertThat(engine.instances().get("p-5").states()).containsExactly("waiting");
    assertThat(engine.admin().operatorLog().latest(null, 1).get(0).action())
        .isEqualTo("machine.migrate");
  }

  @Test
  void aBadMapEntryIsABadArgument() {
    CliRun bad =
        cli("machine", "migrate", "parcel", "--from", "1", "--to", "2", "--map", "packing");

    assertThat(bad.exitCode).isEqualTo(2);
    assertThat(bad.err).contains("old.path=new.path").doesNotContain("\tat ");
  }
}
