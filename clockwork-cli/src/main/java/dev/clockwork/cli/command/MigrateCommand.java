package dev.clockwork.cli.command;

import dev.clockwork.cli.CliEnvironment;
import dev.clockwork.cli.config.DatabaseSettings;
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

  public MigrateCommand(CliEnvironment env) {
    this.env = env;
  }

  @Override
  public Integer call() {
    DatabaseSettings settings = database.settings(env).database();
    long started = System.nanoTime();
    String result = env.database().migrate(settings);
    env.out()
        .printf(
            "%s: %s (%d ms)%n",
            settings.safeUrl(), result, (System.nanoTime() - started) / 1_000_000);
    env.out().flush();
    return 0;
  }
}
