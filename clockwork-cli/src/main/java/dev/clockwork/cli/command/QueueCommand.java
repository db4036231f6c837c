package dev.clockwork.cli.command;

import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;

/** {@code clockwork queue …}: the queue seed's operator commands. */
@Command(
    name = "queue",
    description = "Operate the event queues: status, dead letters, retries, purges, pause, health.",
    subcommands = {
      QueueStatusCommand.class,
      DeadLetterCommand.class,
      QueueRetryCommand.class,
      QueuePurgeCommand.class,
      QueuePauseCommand.class,
      QueueResumeCommand.class,
      QueueHealthCommand.class,
      HelpCommand.class
    })
public final class QueueCommand {
  static final String RULE = "────────────────────────────────────────────────────";
}
