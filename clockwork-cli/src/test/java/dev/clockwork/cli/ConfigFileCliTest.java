package dev.clockwork.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.examples.ExampleMachines;
import dev.clockwork.postgres.testing.EmbeddedPostgresDatabase;
import dev.clockwork.postgres.testing.TestDatabase;
import dev.clockwork.runtime.clock.VirtualClock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code clockwork.yaml} has one reader: every command reads the whole file with it, so a mistake
 * anywhere in it is reported the same way (file, line, key, the fix) by every command, whichever
 * part of the file the command uses and wherever its database comes from.
 */
class ConfigFileCliTest {
  private static final TestDatabase DB = EmbeddedPostgresDatabase.shared().newDatabase();
  private static final List<MachineDefinition> MACHINES = new ExampleMachines().machines();
  private static final List<List<String>> EVERY_KIND_OF_COMMAND =
      List.of(
          List.of("migrate"),
          List.of("timers", "status"),
          List.of("timers", "process", "--machine", "order"),
          List.of("instance", "show", "order-1"),
          List.of("instance", "event", "order-1", "1"),
          List.of("queue", "status"),
          List.of("queue", "health"),
          List.of("schedules", "list"),
          List.of("schedules", "tick"));

  private final VirtualClock clock = VirtualClock.at("2026-01-01T00:00:00Z");
  @TempDir Path dir;

  @BeforeEach
  void setUp() {
    DB.truncateClockworkTables();
  }

  private CliRun cli(Map<String, String> env, List<String> command, String... more) {
    String[] args = Stream.concat(command.stream(), Arrays.stream(more)).toArray(String[]::new);
    return CliRun.run(env, clock, MACHINES, args);
  }

  private Path file(String yaml) throws Exception {
    Path file = dir.resolve("clockwork.yaml");
    Files.writeString(file, yaml);
    return file;
  }

  private String database() {
    return "database:\n  url: "
        + DB.url()
        + "\n  user: "
        + DB.user()
        + "\n  password: "
        + DB.password()
        + "\n";
  }

  @Test
  void aTypoInTheSchedulesBlockIsReportedWithItsLineByEveryCommand() throws Exception {
    Path file = file(database() + "schedules:\n  namespce: billing\n");
    for (List<String> command : EVERY_KIND_OF_COMMAND) {
      CliRun run = cli(Map.of(), command, "--config", file.toString());
      assertThat(run.exitCode).as(command + "\n" + run).isEqualTo(1);
      assertThat(run.err)
          .as(command.toString())
          .startsWith("clockwork: " + file + ":6: schedules.namespce: unknown key")
          .contains("did you mean namespace?")
          .doesNotContain("\tat ");
    }
  }

  @Test
  void aTypoInTheQueueBlockIsReportedEvenWhenTheDatabaseComesFromTheEnvironment() throws Exception {
    Path file = file("queue:\n  concurrency: 5\n  retyr:\n    max_attempts: 2\n");
    for (List<String> command : EVERY_KIND_OF_COMMAND) {
      CliRun run = cli(CliRun.databaseEnv(DB), command, "--config", file.toString());
      assertThat(run.exitCode).as(command + "\n" + run).isEqualTo(1);
      assertThat(run.err)
          .as(command.toString())
          .startsWith("clockwork: " + file + ":3: queue.retyr: unknown key; did you mean retry?");
    }
  }

  @Test
  void aTypoInTheDatabaseBlockIsReportedWithItsLine() throws Exception {
    Path file = file("database:\n  url: " + DB.url() + "\n  usr: someone\n");
    CliRun run = cli(Map.of(), List.of("schedules", "list"), "--config", file.toString());
    assertThat(run.exitCode).isEqualTo(1);
    assertThat(run.err).startsWith("clockwork: " + file + ":3: database.usr: unknown key");
  }

  @Test
  void aConfigFileThatDoesNotExistIsAnError() {
    Path missing = dir.resolve("nope.yaml");
    for (List<String> command : EVERY_KIND_OF_COMMAND) {
      CliRun run = cli(CliRun.databaseEnv(DB), command, "--config", missing.toString());
      assertThat(run.exitCode).as(command + "\n" + run).isEqualTo(1);
      assertThat(run.err)
          .as(command.toString())
          .startsWith("clockwork: config file " + missing + " does not exist");
    }
  }

  @Test
  void aConfigFileWithoutADatabaseSaysHowToAddOne() throws Exception {
    Path file = file("system: shop\n");
    CliRun run = cli(Map.of(), List.of("queue", "status"), "--config", file.toString());
    assertThat(run.exitCode).isEqualTo(1);
    assertThat(run.err)
        .contains("no database given: " + file + " has no database.url")
        .contains("url: jdbc:postgresql://host:5432/db");
  }

  @Test
  void oneFileGivesTheDatabaseTheQueueSettingsAndTheNamespace() throws Exception {
    Path file =
        file(
            database()
                + "system: shop\nqueue:\n  concurrency: 7\nschedules:\n  namespace: billing\n");
    CliRun queues = cli(Map.of(), List.of("queue", "status"), "--config", file.toString());
    assertThat(queues.exitCode).as(queues.toString()).isZero();
    assertThat(queues.out).contains("System: shop", "(7 per machine by default)");
    CliRun schedules = cli(Map.of(), List.of("schedules", "list"), "--config", file.toString());
    assertThat(schedules.exitCode).as(schedules.toString()).isZero();
    assertThat(schedules.out).contains("No schedules in namespace 'billing'.");
  }
}
