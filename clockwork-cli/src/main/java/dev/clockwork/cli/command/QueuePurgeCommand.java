package dev.clockwork.cli.command;

import dev.clockwork.cli.environment.CliEnvironment;
import dev.clockwork.cli.output.Json;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code queue purge <machine> --pending|--dlq|--older-than 24h --confirm}. */
@Command(
    name = "purge",
    description = "Delete a machine's pending events and/or dead letters (needs --confirm).")
public final class QueuePurgeCommand implements Callable<Integer> {
  private final CliEnvironment env;

  @Spec CommandSpec spec;
  @Mixin DatabaseOptions database;
  @Mixin OutputOption output;

  @Parameters(
      paramLabel = "MACHINE",
      description = "the machine whose queue to purge (order or @order)")
  String machine;

  @Option(names = "--pending", description = "purge pending events")
  boolean pending;

  @Option(names = "--dlq", description = "purge dead letters")
  boolean dlq;

  @Option(
      names = "--older-than",
      paramLabel = "DURATION",
      converter = DurationConverter.class,
      description = "only what is older, e.g. 24h")
  Duration olderThan;

  @Option(names = "--confirm", description = "required: purging cannot be undone")
  boolean confirm;

  public QueuePurgeCommand(CliEnvironment env) {
    this.env = env;
  }

  @Override
  public Integer call() throws Exception {
    Duration age = olderThan;
    if (!pending && !dlq && age == null) {
      throw CommandArguments.usage(
          spec, "say what to purge: --pending, --dlq and/or --older-than DURATION");
    }
    boolean both = !pending && !dlq;
    if (!confirm) {
      env.err()
          .printf(
              "clockwork: purging %s of %s cannot be undone; nothing was changed. Add --confirm to proceed.%n",
              both
                  ? "pending events and dead letters"
                  : pending && dlq
                      ? "pending events and dead letters"
                      : pending ? "pending events" : "dead letters",
              machine);
      env.err().flush();
      return 1;
    }
    try (QueueContext queues = QueueContext.open(env, database)) {
      String name = queues.machine(machine);
      int purgedPending = pending || both ? queues.admin.purgePending(name, age) : 0;
      int purgedDead = dlq || both ? queues.admin.purgeDeadLetters(name, age) : 0;
      if (output.json()) {
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("machine", name);
        result.put("pending", purgedPending);
        result.put("deadLetters", purgedDead);
        Json.print(env.out(), result);
      } else {
        env.out()
            .printf(
                "%s: purged %d pending events and %d dead letters%n",
                name, purgedPending, purgedDead);
        env.out().flush();
      }
      return 0;
    }
  }
}
