package dev.clockwork.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.cli.config.DatabaseSettings;
import dev.clockwork.cli.config.DevDatabaseFile;
import dev.clockwork.cli.config.SettingsResolver;
import dev.clockwork.cli.environment.CliEnvironment;
import dev.clockwork.cli.environment.PostgresDatabase;
import dev.clockwork.cli.serve.DevCommand;
import dev.clockwork.cli.serve.ServeSession;
import dev.clockwork.examples.ExampleMachines;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code clockwork dev} keeps its database on one port across restarts, prints the export line for
 * the CLI, and leaves the URL where the commands run beside it find it.
 */
class DevDatabaseUrlTest {
  private static final Pattern EXPORT =
      Pattern.compile("export CLOCKWORK_JDBC_URL='(jdbc:postgresql://[^']+)'");

  @TempDir Path project;

  private final StringWriter out = new StringWriter();

  private ServeSession dev(Path data) {
    CliEnvironment env =
        new CliEnvironment(
            Map.of(),
            new PrintWriter(out, true),
            new PrintWriter(new StringWriter(), true),
            Clock.systemUTC(),
            new PostgresDatabase(),
            new ExampleMachines().machines());
    DevCommand command = new DevCommand(env);
    new CommandLine(command).parseArgs("--port", "0", "--data-dir", data.toString());
    return command.start();
  }

  private String exported() {
    Matcher export = EXPORT.matcher(out.toString());
    assertThat(export.find()).as(out.toString()).isTrue();
    return export.group(1);
  }

  @Test
  void theDatabaseKeepsItsPortAndTheCommandsBesideItFindIt() throws Exception {
    Path data = project.resolve(".clockwork/dev");
    String first;
    try (ServeSession ignored = dev(data)) {
      first = exported();
      assertThat(Files.readString(data.resolve("jdbc-url")).trim()).isEqualTo(first);
      // a command with no --jdbc-url, variable or database: block finds it
      assertThat(
              new SettingsResolver(Map.of(), data).resolve(null, null, null, null).database().url())
          .isEqualTo(first);
      // and the export line works: a command run with it reads dev's database
      CliRun status =
          CliRun.run(
              Map.of("CLOCKWORK_JDBC_URL", first),
              Clock.systemUTC(),
              new ExampleMachines().machines(),
              "queue",
              "status");
      assertThat(status.exitCode).as(status.toString()).isZero();
      assertThat(status.out).contains("order");
    }

    out.getBuffer().setLength(0);
    try (ServeSession ignored = dev(data)) {
      assertThat(exported()).as("the same port after a restart").isEqualTo(first);
    }
  }

  @Test
  void aStoppedDevIsNamedWhenItsDatabaseCannotBeReached() {
    Path data = project.resolve(".clockwork/dev");
    try (ServeSession ignored = dev(data)) {
      exported();
    }
    DatabaseSettings left =
        new SettingsResolver(Map.of(), data).resolve(null, null, null, null).database();
    assertThatThrownBy(() -> new PostgresDatabase().migrate(left))
        .hasMessageStartingWith("cannot connect to PostgreSQL at " + left.url())
        .hasMessageContaining(
            "(from "
                + data.resolve("jdbc-url")
                + ", written by clockwork dev; is clockwork dev running in this directory? start"
                + " it, or set CLOCKWORK_JDBC_URL)");
  }

  @Test
  void aDatabaseNamedAnyOtherWayWinsOverDevs() throws Exception {
    Path data = Files.createDirectories(project.resolve("dev"));
    DevDatabaseFile.write(data, "jdbc:postgresql://localhost:1/dev");
    assertThat(
            new SettingsResolver(Map.of("CLOCKWORK_JDBC_URL", "jdbc:postgresql://db/app"), data)
                .resolve(null, null, null, null)
                .database()
                .url())
        .isEqualTo("jdbc:postgresql://db/app");
    assertThat(
            new SettingsResolver(Map.of(), data)
                .resolve("jdbc:postgresql://flag/app", null, null, null)
                .database()
                .url())
        .isEqualTo("jdbc:postgresql://flag/app");
    assertThatThrownBy(
            () ->
                new SettingsResolver(Map.of(), project.resolve("elsewhere"))
                    .resolve(null, null, null, null))
        .hasMessageStartingWith("no database given");
  }
}
