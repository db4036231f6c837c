package dev.clockwork.cli.command;

import dev.clockwork.cli.environment.CliEnvironment;
import dev.clockwork.runtime.Engine;
import dev.clockwork.schedule.Schedules;
import dev.clockwork.schedule.audit.CommandContext;

/**
 * What every {@code schedules} command works with: an engine on the database with the machines on
 * the classpath (triggers start instances), and a {@link Schedules} service on the schedule store
 * beside it, working in the chosen namespace and recording {@code source: cli} (and the operating
 * system user, when known) in the audit stream.
 */
final class ScheduleSession implements AutoCloseable {
  final Engine engine;
  final Schedules schedules;
  private final OpenDatabase opened;

  private ScheduleSession(OpenDatabase opened, Engine engine, Schedules schedules) {
    this.opened = opened;
    this.engine = engine;
    this.schedules = schedules;
  }

  static ScheduleSession open(
      CliEnvironment env, DatabaseOptions database, ScheduleNamespace namespace) {
    OpenDatabase opened = OpenDatabase.open(env, database);
    try {
      ScheduleNamespace.Resolved names = namespace.resolve(env, opened.config);
      Engine engine = opened.engine(env.machines());
      Schedules schedules =
          Schedules.builder(engine)
              .store(opened.schedules)
              .options(o -> o.defaultNamespace(names.configured()))
              .build()
              .in(names.chosen())
              .withContext(new CommandContext(env.environment().get("USER"), null, "cli", null));
      return new ScheduleSession(opened, engine, schedules);
    } catch (RuntimeException e) {
      try {
        opened.close();
      } catch (RuntimeException closing) {
        e.addSuppressed(closing);
      }
      throw e;
    }
  }

  @Override
  public void close() {
    opened.close();
  }
}
