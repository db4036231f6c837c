package dev.clockwork.definition.write;

import dev.clockwork.core.definition.Branch;
import dev.clockwork.core.definition.ChildInput;
import dev.clockwork.core.definition.HistoryType;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.definition.StateKind;
import dev.clockwork.core.definition.StateNode;
import dev.clockwork.core.definition.TransitionDef;
import dev.clockwork.definition.action.InputMapping;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes a state's keys: {@code type} (final and parallel; atomic and compound follow from {@code
 * states}), {@code initial}, {@code entry}, {@code exit}, {@code invoke}, {@code on}, {@code
 * always}, {@code onDone}, {@code onFail} and its child {@code states}, history states last.
 */
final class StateWriter {
  private final TransitionWriter transitions;
  private final Targets targets;
  private final String machineId;
  private final CodeParts code;

  StateWriter(MachineDefinition definition, CodeParts code) {
    this.transitions = new TransitionWriter(definition, code);
    this.targets = new Targets(definition);
    this.machineId = definition.id();
    this.code = code;
  }

  void writeKeys(StateNode state, Map<String, Object> out) {
    String where = state.path().isEmpty() ? machineId : machineId + "." + state.path();
    if (state.parent() != null && state.kind() == StateKind.FINAL) {
      out.put("type", "final");
    } else if (state.parent() != null && state.kind() == StateKind.PARALLEL) {
      out.put("type", "parallel");
    }
    if (state.initial() != null) {
      out.put("initial", state.initial().name());
    }
    List<Object> entry = new ArrayList<>();
    for (int i = 0; i < state.entryActionCount(); i++) {
      entry.add(
          Actions.write(
              state.entryAction(i), state.entryActionName(i), where + ".entry", "entry", code));
    }
    putList(out, "entry", entry);
    List<Object> exit = new ArrayList<>();
    for (int i = 0; i < state.exitActionCount(); i++) {
      exit.add(
          Actions.write(
              state.exitAction(i), state.exitActionName(i), where + ".exit", "exit", code));
    }
    putList(out, "exit", exit);
    if (state.invokedMachine() != null) {
      out.put("invoke", state.invokedMachine());
      if (state.childInput() instanceof InputMapping input) {
        out.put("input", input.values());
      } else if (state.childInput() != ChildInput.WHOLE_CONTEXT) {
        code.mark(
            where + ".invoke",
            "the child machine's input is computed by a lambda, which the format cannot write"
                + " yet; use invoke(\""
                + state.invokedMachine()
                + "\") to pass the whole context, or write the file's input: {key:"
                + " {fromContext: path}}");
      }
    }
    transitions.writeAll(state, out);
    if (state.childCount() > 0) {
      Map<String, Object> states = new LinkedHashMap<>();
      for (StateNode child : state.children()) {
        Map<String, Object> keys = new LinkedHashMap<>();
        writeKeys(child, keys);
        states.put(child.name(), keys.isEmpty() ? null : keys);
      }
      for (StateNode history : state.histories()) {
        states.put(history.name(), history(history, where + "." + history.name()));
      }
      out.put("states", states);
    }
  }

  /** {@code {type: history, history: shallow|deep, target: …, actions: …}}. */
  private Map<String, Object> history(StateNode history, String where) {
    Map<String, Object> keys = new LinkedHashMap<>();
    keys.put("type", "history");
    keys.put("history", history.historyType() == HistoryType.DEEP ? "deep" : "shallow");
    TransitionDef fallback = history.historyDefault();
    if (fallback != null) {
      Branch branch = fallback.branch(0);
      List<String> names = new ArrayList<>();
      for (StateNode target : branch.targets()) {
        names.add(targets.name(history, target));
      }
      keys.put("target", names.size() == 1 ? names.get(0) : names);
      List<Object> actions = new ArrayList<>();
      for (int i = 0; i < branch.actionCount(); i++) {
        actions.add(
            Actions.write(
                branch.action(i), branch.actionName(i), where + ".target", "action", code));
      }
      putList(keys, "actions", actions);
    }
    return keys;
  }

  private static void putList(Map<String, Object> out, String key, List<Object> items) {
    if (items.size() == 1) {
      out.put(key, items.get(0));
    } else if (!items.isEmpty()) {
      out.put(key, items);
    }
  }
}
