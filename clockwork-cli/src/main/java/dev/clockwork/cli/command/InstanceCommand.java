package dev.clockwork.cli.command;

import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;

/** {@code clockwork instance create|send|enqueue|show|event}. */
@Command(
    name = "instance",
    description = "Create instances, send them events, and inspect what became of them.",
    subcommands = {
      InstanceWriteCommands.Create.class,
      InstanceWriteCommands.Send.class,
      InstanceWriteCommands.Enqueue.class,
      InstanceShowCommand.class,
      InstanceEventCommand.class,
      HelpCommand.class
    })
public final class InstanceCommand {}
