package dev.clockwork.cli.command;

import dev.clockwork.cli.environment.CliEnvironment;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** {@code queue resume <machine>}. */
@Command(name = "resume", description = "Resume a paused machine's queue.")
public final class QueueResumeCommand implements Callable<Integer> {
  private final CliEnvironment env;

  @Mixin DatabaseOptions database;
  @Mixin OutputOption output;

  @Parameters(
      paramLabel = "MACHINE",
      description = "the machine whose queue to resume (order or @order)")
  String machine;

  public QueueResumeCommand(CliEnvironment env) {
    this.env = env;
  }

  @Override
  public Integer call() throws Exception {
    try (QueueContext queues = QueueContext.open(env, database)) {
      String name = queues.machine(machine);
      queues.admin.resume(name);
      QueueStatusLine.print(env, output, queues.admin.status(name));
      return 0;
    }
  }
}
