package dev.clockwork.cli.command;

import dev.clockwork.cli.config.DatabaseSettings;
import dev.clockwork.cli.environment.CliEnvironment;
import dev.clockwork.cli.output.HumanDuration;
import dev.clockwork.cli.output.Json;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code clockwork migrate}: creates or upgrades Clockwork's tables. */
@Command(
    name = "migrate",
    description =
        "Create or upgrade Clockwork's tables (their own migration history table,"
            + " clockwork_schema_history; your application's migrations are untouched).")
public final class MigrateCommand implements Callable<Integer> {
  private final CliEnvironment env;

  @Mixin DatabaseOptions database;
  @Mixin OutputOption output;

  public MigrateCommand(CliEnvironment env) {
    this.env = env;
  }

  @Override
  public Integer call() {
    DatabaseSettings settings = database.settings(env).database();
    long started = System.nanoTime();
    String result = env.database().migrate(settings);
    Duration took = Duration.ofNanos(System.nanoTime() - started);
    if (output.json()) {
      Map<String, Object> json = new LinkedHashMap<>();
      json.put("database", settings.safeUrl());
      json.put("result", result);
      json.put("took", took);
      Json.print(env.out(), json);
      return 0;
    }
    env.out().printf("%s: %s (%s)%n", settings.safeUrl(), result, HumanDuration.format(took));
    env.out().flush();
    return 0;
  }
}
