package dev.clockwork.cli.command;

import dev.clockwork.cli.config.CommandSettings;
import dev.clockwork.cli.config.SettingsResolver;
import dev.clockwork.cli.environment.CliEnvironment;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The options every database command takes. */
public final class DatabaseOptions {
  @Option(
      names = "--jdbc-url",
      paramLabel = "URL",
      description = "JDBC URL of the database (default: $CLOCKWORK_JDBC_URL, then clockwork.yaml)")
  String url;

  @Option(
      names = "--user",
      paramLabel = "USER",
      description = "database user (default: $CLOCKWORK_DB_USER)")
  String user;

  @Option(
      names = "--password",
      paramLabel = "PASSWORD",
      description = "database password (default: $CLOCKWORK_DB_PASSWORD)",
      arity = "0..1",
      interactive = true)
  String password;

  @Option(
      names = "--config",
      paramLabel = "FILE",
      description =
          "clockwork.yaml to read: database, queue settings, schedules namespace (default:"
              + " ./clockwork.yaml if present)")
  Path config;

  /** Reads the config file once and finds the database. */
  public CommandSettings settings(CliEnvironment env) {
    return new SettingsResolver(env.environment()).resolve(url, user, password, config);
  }
}
