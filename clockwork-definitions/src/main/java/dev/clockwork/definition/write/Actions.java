package dev.clockwork.definition.write;

import dev.clockwork.core.behavior.Action;
import dev.clockwork.definition.action.BuiltInAction;

/**
 * Writes one action: its behaviours' name, or a built-in's map; a lambda is code ({@link
 * CodeParts}).
 */
final class Actions {
  private Actions() {}

  static Object write(Action action, String name, String where, String method, CodeParts code) {
    if (name != null) {
      return name;
    }
    if (action instanceof BuiltInAction builtIn) {
      return builtIn.toData();
    }
    return code.mark(
        where,
        "an action given as a lambda has no name, so it cannot be written as data; register it"
            + " with Behaviors.builder().action(\"name\", scope -> …), pass the Behaviors to"
            + " .behaviors(…) and write ."
            + method
            + "(\"name\")");
  }
}
