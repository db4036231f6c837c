package dev.clockwork.cli.serve;

import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.runtime.MachineProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/**
 * The machines {@code clockwork server} runs: those of every {@link MachineProvider} on the class
 * path except the example machines built into the CLI, which come only when asked for — so an
 * application's {@code order} never meets the example's.
 */
final class ServerMachines {
  /** Where the CLI's built-in example machines live. */
  static final String EXAMPLES_PACKAGE = "dev.clockwork.examples.";

  private ServerMachines() {}

  static List<MachineDefinition> load(boolean examples) {
    List<MachineDefinition> machines = new ArrayList<>();
    for (MachineProvider provider : ServiceLoader.load(MachineProvider.class)) {
      if (examples || !provider.getClass().getName().startsWith(EXAMPLES_PACKAGE)) {
        machines.addAll(provider.machines());
      }
    }
    return machines;
  }
}
