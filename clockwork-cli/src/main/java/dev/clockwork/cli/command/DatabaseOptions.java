package dev.clockwork.cli.command;

import dev.clockwork.cli.CliEnvironment;
import dev.clockwork.cli.config.DatabaseSettings;
import dev.clockwork.cli.config.SettingsResolver;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The options every database command takes. */
public final class DatabaseOptions {
  @Option(
      names = "--jdbc-url",
      paramLabel = "URL",
      description = "JDBC URL of the database (default: $CLOCKWORK_JDBC_URL, then clockwork.yaml)")
  String url;

  @Option(names = "--user", description = "database user (default: $CLOCKWORK_DB_USER)")
  String user;

  @Option(
      names = "--password",
      description = "database password (default: $CLOCKWORK_DB_PASSWORD)",
      arity = "0..1",
      interactive = true)
  String password;

  @Option(
      names = "--config",
      paramLabel = "FILE",
      description = "config file with a database: block (default: ./clockwork.yaml if present)")
  Path config;

  DatabaseSettings resolve(CliEnvironment env) {
    return new SettingsResolver(env.environment()).resolve(url, user, password, config);
  }
}
