package dev.clockwork.cli.command;

import dev.clockwork.cli.CliEnvironment;
import dev.clockwork.core.ClockworkException;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.postgres.PostgresStore;
import dev.clockwork.postgres.schedule.PostgresScheduleStore;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.schedule.Schedules;
import dev.clockwork.runtime.schedule.audit.CommandContext;
import dev.clockwork.runtime.store.Store;

/**
 * What every {@code schedules} command works with: the database's instance store, an engine with
 * the machines on the classpath (triggers start instances), and a {@link Schedules} service on the
 * same database, working in the chosen namespace and recording {@code source: cli} (and the
 * operating system user, when known) in the audit stream.
 */
final class ScheduleSession implements AutoCloseable {
  final PostgresStore store;
  final Engine engine;
  final Schedules schedules;

  private ScheduleSession(PostgresStore store, Engine engine, Schedules schedules) {
    this.store = store;
    this.engine = engine;
    this.schedules = schedules;
  }

  static ScheduleSession open(
      CliEnvironment env, DatabaseOptions database, ScheduleNamespace namespace) {
    ScheduleNamespace.Resolved names = namespace.resolve(env, database.config);
    Store store = env.database().open(database.resolve(env));
    try {
      if (!(store instanceof PostgresStore postgres)) {
        throw new ClockworkException(
            "schedules live in PostgreSQL, but the database opened a "
                + store.getClass().getSimpleName()
                + "; point --jdbc-url at the PostgreSQL database of your engines");
      }
      Engine engine =
          Engine.builder()
              .store(store)
              .clock(env.clock())
              .register(env.machines().toArray(new MachineDefinition[0]))
              .build();
      Schedules schedules =
          Schedules.builder(engine)
              .store(PostgresScheduleStore.beside(postgres))
              .options(o -> o.defaultNamespace(names.configured()))
              .build()
              .in(names.chosen())
              .withContext(new CommandContext(env.environment().get("USER"), null, "cli", null));
      return new ScheduleSession(postgres, engine, schedules);
    } catch (RuntimeException e) {
      closeQuietly(store, e);
      throw e;
    }
  }

  @Override
  public void close() {
    try {
      engine.close();
    } finally {
      store.close();
    }
  }

  private static void closeQuietly(Store store, RuntimeException failure) {
    if (store instanceof AutoCloseable closeable) {
      try {
        closeable.close();
      } catch (Exception e) {
        failure.addSuppressed(e);
      }
    }
  }
}
