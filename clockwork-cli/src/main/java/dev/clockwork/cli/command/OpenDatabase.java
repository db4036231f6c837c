package dev.clockwork.cli.command;

import dev.clockwork.cli.config.CommandSettings;
import dev.clockwork.cli.environment.CliEnvironment;
import dev.clockwork.cli.environment.Stores;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.config.Settings;
import dev.clockwork.runtime.store.Store;
import dev.clockwork.schedule.store.ScheduleStore;
import java.time.Clock;
import java.util.List;

/**
 * What a database command opens, once, and closes with it: the config file, the stores on its
 * database and, when the command needs one, an engine over them.
 */
final class OpenDatabase implements AutoCloseable {
  final Settings config;
  final Store store;
  final ScheduleStore schedules;
  private final CliEnvironment env;
  private final Stores stores;
  private Engine engine;

  private OpenDatabase(CliEnvironment env, Settings config, Stores stores) {
    this.env = env;
    this.config = config;
    this.stores = stores;
    this.store = stores.store();
    this.schedules = stores.schedules();
  }

  /** Reads the settings the command's options name and opens their database. */
  static OpenDatabase open(CliEnvironment env, DatabaseOptions database) {
    CommandSettings settings = database.settings(env);
    return new OpenDatabase(env, settings.file(), env.database().open(settings.database()));
  }

  /**
   * An engine on the database with the config file's settings (concurrency caps, retries, timers)
   * and {@code machines}, on the command's clock. It starts no worker: it runs only what the
   * command asks of it. Closed with this.
   */
  Engine engine(List<MachineDefinition> machines) {
    if (engine != null) {
      throw new IllegalStateException("one engine per command");
    }
    engine =
        Engine.builder()
            .store(store)
            .clock(env.clock())
            // the system clock is set by the database's, as a worker's is (a cron host whose clock
            // is off must not fire timers early); a test's virtual clock is followed as it is
            .settings(
                s -> s.workers(w -> w.alignClockWithStore(Clock.systemUTC().equals(env.clock()))))
            .config(config)
            .behaviors(env.behaviors())
            .register(machines.toArray(new MachineDefinition[0]))
            .build();
    // an unstarted engine: take the machines deployed as data (instance create of one, say)
    engine.machines().refresh();
    return engine;
  }

  @Override
  public void close() {
    try {
      if (engine != null) {
        engine.close();
      }
    } finally {
      stores.close();
    }
  }
}
