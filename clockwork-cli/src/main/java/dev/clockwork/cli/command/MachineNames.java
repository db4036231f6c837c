package dev.clockwork.cli.command;

import static dev.clockwork.runtime.config.Suggestions.didYouMean;

import dev.clockwork.cli.environment.CliEnvironment;
import dev.clockwork.core.ClockworkException;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.runtime.config.Settings;
import dev.clockwork.runtime.store.Store;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Machine names as operators type them. The queue seed's spelling {@code @order} names the machine
 * {@code order}. A name no one knows is an error that lists the known ones, never a command that
 * changes nothing and says it did (pausing a misspelled queue would pause nothing).
 */
final class MachineNames {
  private MachineNames() {}

  /** {@code order} for {@code @order} or {@code order}; null stays null. */
  static String plain(String typed) {
    return typed != null && typed.startsWith("@") ? typed.substring(1) : typed;
  }

  /**
   * The machine {@code typed} names, when it is known: it has stored instances, its definition is
   * on the classpath, or {@code clockwork.yaml} has settings for it under {@code machines:}.
   */
  static String requireKnown(CliEnvironment env, Store store, Settings config, String typed) {
    if (typed == null) {
      return null;
    }
    String machine = plain(typed);
    Set<String> known = new TreeSet<>(store.instances().machines());
    env.machines().forEach(definition -> known.add(definition.id()));
    known.addAll(config.configuredMachines());
    if (!known.contains(machine)) {
      throw new ClockworkException(
          "no machine '"
              + machine
              + "' is known"
              + didYouMean(machine, known)
              + (known.isEmpty() ? "" : " (known: " + String.join(", ", known) + ")")
              + "; a machine is known once an instance of it is stored, its definition is on the"
              + " classpath or clockwork.yaml has settings for it under machines:");
    }
    return machine;
  }

  /** The machine {@code typed} names; fails unless it is on the classpath, to be run. */
  static String requireOnClasspath(CliEnvironment env, String typed) {
    String machine = plain(typed);
    List<String> known = env.machines().stream().map(MachineDefinition::id).distinct().toList();
    if (!known.contains(machine)) {
      throw new ClockworkException(
          "no machine '"
              + machine
              + "' is on the classpath"
              + didYouMean(machine, known)
              + " (known: "
              + known
              + "); put the jar with your MachineProvider on the classpath");
    }
    return machine;
  }
}
