package dev.clockwork.cli.command;

import dev.clockwork.cli.environment.CliEnvironment;
import dev.clockwork.cli.output.Json;
import dev.clockwork.runtime.queue.QueuedEvent;
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

/** {@code queue retry <id> [--delay 5s]} or {@code queue retry <machine> --all}. */
@Command(
    name = "retry",
    description = "Retry a dead letter by id, or every dead letter of a machine with --all.")
public final class QueueRetryCommand implements Callable<Integer> {
  private final CliEnvironment env;

  @Spec CommandSpec spec;
  @Mixin DatabaseOptions database;
  @Mixin OutputOption output;

  @Parameters(paramLabel = "ID|MACHINE", description = "a dead letter id, or a machine with --all")
  String target;

  @Option(names = "--all", description = "retry every dead letter of the machine")
  boolean all;

  @Option(
      names = "--delay",
      paramLabel = "DURATION",
      converter = DurationConverter.class,
      description = "retry after this long, e.g. 5s (default: now)")
  Duration delay;

  public QueueRetryCommand(CliEnvironment env) {
    this.env = env;
  }

  @Override
  public Integer call() throws Exception {
    Duration wait = delay == null ? Duration.ZERO : delay;
    // a dead letter id is checked before the database is opened
    Long id = all ? null : DeadLetterCommand.parseId(spec, target);
    try (QueueContext queues = QueueContext.open(env, database)) {
      Map<String, Object> result = new LinkedHashMap<>();
      if (all) {
        String machine = queues.machine(target);
        int retried = queues.admin.retryAll(machine, wait);
        result.put("machine", machine);
        result.put("retried", retried);
        if (!output.json()) {
          env.out()
              .printf(
                  "Retrying %d dead letter%s of %s%n", retried, retried == 1 ? "" : "s", machine);
        }
      } else {
        QueuedEvent queued = queues.admin.retry(id, wait);
        result.put("id", id);
        result.put("instance", queued.instanceId());
        result.put("event", queued.event().type());
        result.put("eventId", queued.id());
        result.put("availableAt", queued.availableAt());
        if (!output.json()) {
          env.out()
              .printf(
                  "Dead letter %d (%s on %s) is queued again as event %d, available at %s%n",
                  id,
                  queued.event().type(),
                  queued.instanceId(),
                  queued.id(),
                  queued.availableAt());
        }
      }
      if (output.json()) {
        Json.print(env.out(), result);
      }
      env.out().flush();
      return 0;
    }
  }
}
