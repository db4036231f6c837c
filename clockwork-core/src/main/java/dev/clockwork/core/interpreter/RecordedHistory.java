package dev.clockwork.core.interpreter;

import dev.clockwork.core.definition.HistoryType;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.definition.StateKind;
import dev.clockwork.core.definition.StateNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * SCXML's {@code historyValue}: what each history state recorded when its parent was last left.
 * Converts between the snapshot's form (history node → recorded nodes) and stored paths.
 */
final class RecordedHistory {
  private RecordedHistory() {}

  /** SCXML exitStates: records the histories of {@code state}, which is about to be left. */
  static StateNode[] record(StateNode history, Configuration config) {
    StateNode parent = history.parent();
    boolean deep = history.historyType() == HistoryType.DEEP;
    List<StateNode> recorded = new ArrayList<>(2);
    for (int i = 0; i < config.size(); i++) {
      StateNode state = config.get(i).state();
      if (deep ? state.isAtomic() && state.isDescendantOf(parent) : state.parent() == parent) {
        recorded.add(state);
      }
    }
    return recorded.toArray(new StateNode[0]);
  }

  /** Stored paths resolved under {@code definition}; unknown or unfit paths are forgotten. */
  static Map<StateNode, StateNode[]> resolve(
      MachineDefinition definition, Map<String, List<String>> stored) {
    if (stored == null || stored.isEmpty()) {
      return Map.of();
    }
    Map<StateNode, StateNode[]> resolved = new HashMap<>();
    stored.forEach(
        (historyPath, paths) -> {
          Optional<StateNode> history = definition.find(historyPath);
          if (history.isEmpty() || history.get().kind() != StateKind.HISTORY) {
            return;
          }
          List<StateNode> states = new ArrayList<>(paths.size());
          for (String path : paths) {
            Optional<StateNode> state = definition.find(path);
            if (state.isEmpty() || !state.get().isDescendantOf(history.get().parent())) {
              return;
            }
            states.add(state.get());
          }
          resolved.put(history.get(), states.toArray(new StateNode[0]));
        });
    return Map.copyOf(resolved);
  }

  /** The paths form of {@link Snapshot#history()}, sorted by history path. */
  static Map<String, List<String>> paths(Map<StateNode, StateNode[]> history) {
    if (history.isEmpty()) {
      return Map.of();
    }
    Map<String, List<String>> paths = new TreeMap<>();
    history.forEach(
        (node, states) ->
            paths.put(node.path(), Arrays.stream(states).map(StateNode::path).toList()));
    return Collections.unmodifiableMap(paths);
  }
}
