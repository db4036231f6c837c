package dev.clockwork.cli;

import dev.clockwork.cli.environment.CliEnvironment;
import dev.clockwork.cli.environment.PostgresDatabase;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.postgres.testing.TestDatabase;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Clock;
import java.util.List;
import java.util.Map;

/** Runs the CLI in-process and keeps what it printed. */
final class CliRun {
  final int exitCode;
  final String out;
  final String err;

  private CliRun(int exitCode, String out, String err) {
    this.exitCode = exitCode;
    this.out = out;
    this.err = err;
  }

  /** The environment variables that point the CLI at {@code db}. */
  static Map<String, String> databaseEnv(TestDatabase db) {
    return Map.of(
        "CLOCKWORK_JDBC_URL",
        db.url(),
        "CLOCKWORK_DB_USER",
        db.user(),
        "CLOCKWORK_DB_PASSWORD",
        db.password());
  }

  static CliRun run(
      Map<String, String> env, Clock clock, List<MachineDefinition> machines, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CliEnvironment environment =
        new CliEnvironment(
            env,
            new PrintWriter(out, true),
            new PrintWriter(err, true),
            clock,
            new PostgresDatabase(),
            machines);
    int code = Main.run(environment, args);
    return new CliRun(code, out.toString(), err.toString());
  }

  @Override
  public String toString() {
    return "exit " + exitCode + "\nout:\n" + out + "\nerr:\n" + err;
  }
}
