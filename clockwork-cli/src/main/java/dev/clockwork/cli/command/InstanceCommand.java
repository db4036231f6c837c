package dev.clockwork.cli.command;

import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;

/** {@code clockwork instance show|event}. */
@Command(
    name = "instance",
    description = "Inspect instances and what became of their events.",
    subcommands = {InstanceShowCommand.class, InstanceEventCommand.class, HelpCommand.class})
public final class InstanceCommand {}
