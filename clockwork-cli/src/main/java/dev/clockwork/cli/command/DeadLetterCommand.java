package dev.clockwork.cli.command;

import dev.clockwork.cli.environment.CliEnvironment;
import dev.clockwork.cli.output.Json;
import dev.clockwork.cli.output.Table;
import dev.clockwork.runtime.queue.AttemptError;
import dev.clockwork.runtime.queue.DeadLetter;
import dev.clockwork.runtime.queue.QueuedEvent;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code clockwork queue dlq [inspect <id>]}. */
@Command(
    name = "dlq",
    description = "List dead letters (events that failed for good).",
    subcommands = {DeadLetterCommand.Inspect.class})
public final class DeadLetterCommand implements Callable<Integer> {
  private final CliEnvironment env;

  @Spec CommandSpec spec;
  @Mixin DatabaseOptions database;
  @Mixin OutputOption output;
  @Mixin InstanceNamespace namespace;

  @Option(
      names = "--machine",
      paramLabel = "MACHINE",
      description = "only this machine's dead letters (order or @order)")
  String machine;

  @Option(
      names = "--limit",
      paramLabel = "N",
      defaultValue = "50",
      description = "at most this many, 1 or more (default 50)")
  int limit;

  public DeadLetterCommand(CliEnvironment env) {
    this.env = env;
  }

  /** A dead letter id; anything else is a usage error of {@code command}. */
  static long parseId(CommandSpec command, String text) {
    try {
      return Long.parseLong(text);
    } catch (NumberFormatException e) {
      throw CommandArguments.usage(
          command,
          "'"
              + text
              + "' is not a dead letter id (a number from `clockwork queue dlq`); to retry a machine's dead letters add --all");
    }
  }

  /** The seed's §9.4 fields of a dead letter. */
  static Map<String, Object> describe(DeadLetter dead) {
    QueuedEvent event = dead.event();
    Map<String, Object> original = new LinkedHashMap<>();
    original.put("type", event.event().type());
    original.put("source", event.source());
    original.put("instance", event.instanceId());
    original.put("payload", event.event().payload());
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("id", dead.id());
    json.put("conversation_id", event.conversationId());
    json.put("original_event", original);
    json.put("machine", event.machine());
    json.put("attempts", event.attempts());
    List<AttemptError> errors = event.errors();
    json.put("first_attempt", errors.isEmpty() ? null : errors.get(0).at());
    json.put("last_attempt", errors.isEmpty() ? null : errors.get(errors.size() - 1).at());
    json.put("errors", errors);
    json.put("dead_at", dead.deadAt());
    return json;
  }

  @Override
  public Integer call() throws Exception {
    CommandArguments.atLeast(spec, "--limit", limit, 1);
    try (QueueContext queues = QueueContext.open(env, database)) {
      List<DeadLetter> letters =
          queues
              .store
              .queueAdmin()
              .deadLetters(queues.machine(machine), namespace.filter(), 0, limit);
      if (output.json()) {
        Json.print(env.out(), letters.stream().map(DeadLetterCommand::describe).toList());
        return 0;
      }
      env.out().println("Dead Letter Queue");
      env.out().println(QueueCommand.RULE);
      env.out().printf("%d failed event%s%n%n", letters.size(), letters.size() == 1 ? "" : "s");
      if (!letters.isEmpty()) {
        Table table = new Table("DLQ ID", "Instance", "Event", "Attempts", "Last Error");
        for (DeadLetter dead : letters) {
          List<AttemptError> errors = dead.event().errors();
          table.row(
              dead.id(),
              namespace.shown(dead.event().instanceId()),
              dead.event().event().type(),
              dead.event().attempts(),
              errors.isEmpty() ? null : errors.get(errors.size() - 1).error());
        }
        table.printBoxed(env.out());
        env.out().println();
        env.out().println("Use 'clockwork queue dlq inspect <id>' for details");
        env.out().println("Use 'clockwork queue retry <id>' to retry");
      }
      env.out().flush();
      return 0;
    }
  }

  /** {@code queue dlq inspect <id>}: every field, every attempt's error. */
  @Command(name = "inspect", description = "Show one dead letter with every attempt's error.")
  public static final class Inspect implements Callable<Integer> {
    private final CliEnvironment env;

    @Spec CommandSpec spec;
    @Mixin DatabaseOptions database;
    @Mixin OutputOption output;

    @Parameters(paramLabel = "ID", description = "the dead letter's id (DLQ ID of `queue dlq`)")
    String id;

    public Inspect(CliEnvironment env) {
      this.env = env;
    }

    @Override
    public Integer call() throws Exception {
      long deadLetter = parseId(spec, id);
      try (QueueContext queues = QueueContext.open(env, database)) {
        DeadLetter dead = queues.admin.inspect(deadLetter);
        if (output.json()) {
          Json.print(env.out(), describe(dead));
        } else {
          DeadLetterText.print(env.out(), dead);
        }
        return 0;
      }
    }
  }
}
