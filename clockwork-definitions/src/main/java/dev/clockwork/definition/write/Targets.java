package dev.clockwork.definition.write;

import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.definition.StateNode;
import java.util.Arrays;
import java.util.Optional;

/**
 * Names a target as briefly as the reader resolves it back to the same state: its name when that is
 * unambiguous from the source, else a longer dotted suffix, up to its whole path.
 */
final class Targets {
  private final MachineDefinition definition;

  Targets(MachineDefinition definition) {
    this.definition = definition;
  }

  String name(StateNode source, StateNode target) {
    String[] parts = target.path().split("\\.");
    for (int from = parts.length - 1; from >= 0; from--) {
      String candidate = String.join(".", Arrays.copyOfRange(parts, from, parts.length));
      if (resolve(source, candidate).filter(target::equals).isPresent()) {
        return candidate;
      }
    }
    return target.path();
  }

  /** What the core's compiler resolves {@code text} to from {@code source}. */
  private Optional<StateNode> resolve(StateNode source, String text) {
    for (StateNode scope = source; scope != null; scope = scope.parent()) {
      String candidate = scope.path().isEmpty() ? text : scope.path() + "." + text;
      Optional<StateNode> node = definition.find(candidate);
      if (node.isPresent() && node.get().path().equals(candidate)) {
        return node;
      }
    }
    return definition.find(text);
  }
}
