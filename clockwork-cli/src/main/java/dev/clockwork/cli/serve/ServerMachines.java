package dev.clockwork.cli.serve;

import dev.clockwork.cli.environment.ProvidedMachines;

/**
 * The machines {@code clockwork server} runs: those of every {@link
 * dev.clockwork.runtime.MachineProvider} on the class path except the example machines built into
 * the CLI, which come only when asked for — so an application's {@code order} never meets the
 * example's. Their named behaviours come with them.
 */
final class ServerMachines {
  /** Where the CLI's built-in example machines live. */
  static final String EXAMPLES_PACKAGE = "dev.clockwork.examples.";

  private ServerMachines() {}

  static ProvidedMachines load(boolean examples) {
    return ProvidedMachines.load(
        provider -> examples || !provider.getClass().getName().startsWith(EXAMPLES_PACKAGE));
  }
}
