package dev.clockwork.cli.command;

import static dev.clockwork.runtime.config.Suggestions.didYouMean;

import dev.clockwork.cli.CliEnvironment;
import dev.clockwork.core.ClockworkException;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.runtime.store.Store;
import java.util.List;

/** Machine names as operators type them: a misspelled one is named, with the closest known one. */
final class MachineNames {
  private MachineNames() {}

  /** Fails unless {@code machine} is on the classpath, since the command has to run it. */
  static void requireOnClasspath(CliEnvironment env, String machine) {
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
  }

  /**
   * Warns (on standard error) when no instance of {@code machine} is stored: the command then shows
   * or changes nothing, which is what a misspelled name looks like.
   */
  static void warnIfNotStored(CliEnvironment env, Store store, String machine) {
    List<String> stored = store.machines();
    if (machine != null && !stored.contains(machine)) {
      env.err()
          .println(
              "clockwork: warning: no instance of machine '"
                  + machine
                  + "' is stored"
                  + didYouMean(machine, stored)
                  + (stored.isEmpty() ? "" : " (stored: " + String.join(", ", stored) + ")"));
      env.err().flush();
    }
  }
}
