package dev.clockwork.cli.command;

import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;

/** {@code clockwork machine deploy|list|show|diff|migrate}. */
@Command(
    name = "machine",
    description =
        "Deploy machines written as data (YAML or JSON) and read every deployed version: its"
            + " document, its diagram, what changed between two versions; move running instances"
            + " from one version to another.",
    subcommands = {
      MachineDeployCommand.class,
      MachineListCommand.class,
      MachineShowCommand.class,
      MachineDiffCommand.class,
      MachineMigrateCommand.class,
      HelpCommand.class
    })
public final class MachineCommand {}
