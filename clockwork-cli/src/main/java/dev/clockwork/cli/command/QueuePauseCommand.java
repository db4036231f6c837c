package dev.clockwork.cli.command;

import dev.clockwork.cli.environment.CliEnvironment;
import dev.clockwork.runtime.store.QueueStats;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** {@code queue pause <machine>}. */
@Command(
    name = "pause",
    description = "Pause a machine's queue on every node (events are still accepted).")
public final class QueuePauseCommand implements Callable<Integer> {
  private final CliEnvironment env;

  @Mixin DatabaseOptions database;
  @Mixin OutputOption output;

  @Parameters(
      paramLabel = "MACHINE",
      description = "the machine whose queue to pause (order or @order)")
  String machine;

  public QueuePauseCommand(CliEnvironment env) {
    this.env = env;
  }

  @Override
  public Integer call() throws Exception {
    try (QueueContext queues = QueueContext.open(env, database)) {
      String name = queues.machine(machine);
      queues.admin.pause(name);
      QueueStats stats = queues.admin.status(name);
      QueueStatusLine.print(env, output, stats);
      return 0;
    }
  }
}
