package dev.clockwork.cli.environment;

import dev.clockwork.core.behavior.Behaviors;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.runtime.MachineProvider;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.function.Predicate;

/**
 * What the class path's {@link MachineProvider}s offer: their machines, and their named behaviours
 * merged (a name two providers register is an error naming both), which machines deployed as data
 * may use.
 *
 * @param machines the machine definitions, in provider order
 * @param behaviors every provider's named behaviours
 */
public record ProvidedMachines(List<MachineDefinition> machines, Behaviors behaviors) {
  public ProvidedMachines {
    machines = List.copyOf(machines);
  }

  /** Every provider on the class path that {@code include} accepts. */
  public static ProvidedMachines load(Predicate<MachineProvider> include) {
    List<MachineProvider> providers = new ArrayList<>();
    for (MachineProvider provider : ServiceLoader.load(MachineProvider.class)) {
      if (include.test(provider)) {
        providers.add(provider);
      }
    }
    return of(providers);
  }

  /** What {@code providers} offer together. */
  public static ProvidedMachines of(List<? extends MachineProvider> providers) {
    List<MachineDefinition> machines = new ArrayList<>();
    Map<String, Behaviors> behaviors = new LinkedHashMap<>();
    for (MachineProvider provider : providers) {
      machines.addAll(provider.machines());
      behaviors.put(provider.getClass().getName(), provider.behaviors());
    }
    return new ProvidedMachines(machines, MachineProvider.merged(behaviors));
  }
}
