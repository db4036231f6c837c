package dev.clockwork.cli.command;

import dev.clockwork.cli.environment.CliEnvironment;
import dev.clockwork.runtime.admin.ActivityRecorder;
import dev.clockwork.runtime.admin.ProcessingTimes;
import dev.clockwork.runtime.admin.QueueAdmin;
import dev.clockwork.runtime.config.Settings;
import dev.clockwork.runtime.store.Store;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * What every {@code queue} command needs: the config, the store and the admin over both. The
 * admin's processing times stay empty: they are measured by the engines that process events, not by
 * the CLI.
 */
final class QueueContext implements AutoCloseable {
  final Settings config;
  final QueueAdmin admin;
  final Store store;
  private final CliEnvironment env;
  private final OpenDatabase opened;

  private QueueContext(CliEnvironment env, OpenDatabase opened, QueueAdmin admin) {
    this.env = env;
    this.opened = opened;
    this.config = opened.config;
    this.admin = admin;
    this.store = opened.store;
  }

  static QueueContext open(CliEnvironment env, DatabaseOptions database) {
    OpenDatabase opened = OpenDatabase.open(env, database);
    // the machines the CLI knows without instances: on the classpath, or with settings in the file
    Supplier<Set<String>> registered =
        () -> {
          Set<String> known = new TreeSet<>(opened.config.configuredMachines());
          env.machines().forEach(definition -> known.add(definition.id()));
          return known;
        };
    QueueAdmin admin =
        new QueueAdmin(
            opened.store,
            env.clock(),
            opened.config::queue,
            new ProcessingTimes(),
            new ActivityRecorder(),
            null, // no workers here: the health report has no store line
            registered,
            null); // nor an engine: no machines lines
    return new QueueContext(env, opened, admin);
  }

  /** The machine an argument names ({@code @order} or {@code order}); an unknown one fails. */
  String machine(String typed) {
    return MachineNames.requireKnown(env, opened.store, config, typed);
  }

  @Override
  public void close() {
    opened.close();
  }
}
