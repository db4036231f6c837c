package dev.clockwork.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.postgres.testing.EmbeddedPostgresDatabase;
import dev.clockwork.postgres.testing.TestDatabase;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The CLI in a JVM of its own, as a user runs it: its log goes through SLF4J's simple binding at
 * warning level, so a migration prints one line and nothing else (no "no SLF4J providers" warning,
 * no Flyway chatter), and {@code --verbose} shows what the libraries do.
 */
class LoggingCliTest {
  private static final TestDatabase DB = EmbeddedPostgresDatabase.shared().newDatabase();
  private static final AtomicInteger DATABASES = new AtomicInteger();

  @TempDir Path dir;

  /** A database without Clockwork's tables, so migrating it has something to say. */
  private static String emptyDatabase() {
    String name =
        "cli_logging_" + DATABASES.incrementAndGet() + "_" + ProcessHandle.current().pid();
    DB.execute("CREATE DATABASE " + name);
    return "jdbc:postgresql://localhost:" + EmbeddedPostgresDatabase.shared().port() + "/" + name;
  }

  private CliProcess migrate(String... more) throws Exception {
    List<String> command =
        new ArrayList<>(
            List.of(
                CliProcess.java(),
                "-cp",
                CliProcess.classPath(),
                Main.class.getName(),
                "migrate",
                "--jdbc-url",
                emptyDatabase(),
                "--user",
                "postgres"));
    command.addAll(List.of(more));
    return CliProcess.run(dir, Map.of(), command);
  }

  @Test
  void aMigrationPrintsItsOneLineAndNoLog() throws Exception {
    CliProcess run = migrate();
    assertThat(run.exitCode()).as(run.toString()).isZero();
    assertThat(run.out()).containsPattern("applied \\d+ migrations \\(");
    assertThat(run.err()).as("nothing logged below warnings, no SLF4J complaint").isEmpty();
  }

  @Test
  void verboseShowsWhatFlywayDoes() throws Exception {
    CliProcess run = migrate("--verbose");
    assertThat(run.exitCode()).as(run.toString()).isZero();
    assertThat(run.err()).contains("INFO org.flywaydb").doesNotContain("SLF4J");
  }
}
