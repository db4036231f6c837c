package dev.clockwork.runtime.internal.deploy;

import dev.clockwork.core.behavior.Action;
import dev.clockwork.core.behavior.Behaviors;
import dev.clockwork.core.behavior.Guard;
import dev.clockwork.core.behavior.TimerValue;
import java.util.Set;
import java.util.TreeSet;

/**
 * Stands in for the behaviours a deployed document names and this node lacks, remembering their
 * names. A definition read with it is shown, never run: every stand-in fails if it is called.
 */
final class MissingBehaviours implements Behaviors.StandIns {
  private final Set<String> names = new TreeSet<>();

  /** The names stood in for, sorted. */
  Set<String> names() {
    return names;
  }

  @Override
  public Guard guard(String name) {
    names.add(name);
    return scope -> {
      throw absent(name);
    };
  }

  @Override
  public Action action(String name) {
    names.add(name);
    return scope -> {
      throw absent(name);
    };
  }

  @Override
  public TimerValue timerValue(String name) {
    names.add(name);
    return context -> {
      throw absent(name);
    };
  }

  private static IllegalStateException absent(String name) {
    return new IllegalStateException(
        "behaviour '" + name + "' is not on this node: the definition is shown here, not run");
  }
}
