package dev.clockwork.cli.command;

import dev.clockwork.cli.CliEnvironment;
import dev.clockwork.core.ClockworkException;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.runtime.store.Store;
import java.util.Collection;
import java.util.List;
import java.util.TreeSet;

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

  /** {@code "; did you mean order?"} when a known name is close to {@code typed}, else empty. */
  static String didYouMean(String typed, Collection<String> known) {
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String candidate : new TreeSet<>(known)) {
      int distance = distance(typed, candidate);
      if (distance < bestDistance) {
        best = candidate;
        bestDistance = distance;
      }
    }
    return best != null && bestDistance <= Math.max(2, typed.length() / 3)
        ? "; did you mean " + best + "?"
        : "";
  }

  /** Levenshtein distance. */
  private static int distance(String a, String b) {
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        current[j] =
            Math.min(Math.min(current[j - 1] + 1, previous[j] + 1), previous[j - 1] + cost);
      }
      int[] swap = previous;
      previous = current;
      current = swap;
    }
    return previous[b.length()];
  }
}
