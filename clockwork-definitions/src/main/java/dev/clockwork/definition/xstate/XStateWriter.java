package dev.clockwork.definition.xstate;

import dev.clockwork.core.definition.Branch;
import dev.clockwork.core.definition.HistoryType;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.definition.StateKind;
import dev.clockwork.core.definition.StateNode;
import dev.clockwork.core.definition.TransitionDef;
import dev.clockwork.definition.write.DefinitionExportException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes a machine as the XState v5 JSON {@code createMachine} takes: {@code id}, {@code context},
 * and per state {@code type}, {@code initial}, {@code entry}, {@code exit}, {@code on}, {@code
 * after}, {@code always}, {@code onDone} and {@code states}. What XState cannot say the same way is
 * refused with a {@link DefinitionExportException} naming the path and the fix.
 */
final class XStateWriter {
  private final MachineDefinition definition;
  private final XStateTransitionWriter transitions;

  private XStateWriter(MachineDefinition definition) {
    this.definition = definition;
    this.transitions = new XStateTransitionWriter(definition);
  }

  static Map<String, Object> write(MachineDefinition definition) {
    XStateWriter writer = new XStateWriter(definition);
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("id", definition.id());
    Map<String, Object> context = definition.initialContext().asMap();
    if (!context.isEmpty()) {
      out.put("context", new LinkedHashMap<>(context));
    }
    writer.state(definition.root(), out);
    return out;
  }

  private void state(StateNode state, Map<String, Object> out) {
    String where = where(state);
    if (state.kind() == StateKind.PARALLEL) {
      out.put("type", "parallel");
    } else if (state.kind() == StateKind.FINAL) {
      out.put("type", "final");
    }
    if (state.initial() != null) {
      out.put("initial", state.initial().name());
    }
    if (state.invokedMachine() != null) {
      throw new DefinitionExportException(
          where + ".invoke",
          "a child machine has no XState JSON form (XState's invoke starts an actor written in"
              + " JavaScript); export the machine without invoke, or keep it in the Clockwork"
              + " format");
    }
    List<Object> entry = new ArrayList<>();
    for (int i = 0; i < state.entryActionCount(); i++) {
      entry.add(
          XStateTransitionWriter.action(
              state.entryAction(i), state.entryActionName(i), where + ".entry"));
    }
    putList(out, "entry", entry);
    List<Object> exit = new ArrayList<>();
    for (int i = 0; i < state.exitActionCount(); i++) {
      exit.add(
          XStateTransitionWriter.action(
              state.exitAction(i), state.exitActionName(i), where + ".exit"));
    }
    putList(out, "exit", exit);
    Map<String, Object> on = new LinkedHashMap<>();
    Map<String, Object> after = new LinkedHashMap<>();
    Object onDone = null;
    List<Map.Entry<String, TransitionDef>> sorted = new ArrayList<>(state.transitions().entrySet());
    sorted.sort(Map.Entry.comparingByKey());
    for (Map.Entry<String, TransitionDef> byEvent : sorted) {
      String event = byEvent.getKey();
      TransitionDef t = byEvent.getValue();
      if (event.equals("done.state." + state.path())) {
        onDone = transitions.write(t, t.path());
      } else if (event.equals("fail.state." + state.path())) {
        throw new DefinitionExportException(
            t.path(),
            "onFail (a parallel dispatch job that gave up) has no XState form; export the machine"
                + " without onFail");
      } else if (t.timer() != null) {
        String delay = transitions.delay(t);
        if (after.containsKey(delay)) {
          throw new DefinitionExportException(
              t.path(),
              "two timers of this state share the delay "
                  + delay
                  + " ms, which XState's after keys by; give them different delays");
        }
        after.put(delay, transitions.write(t, t.path()));
      } else {
        on.put(event, transitions.write(t, t.path()));
      }
    }
    if (!on.isEmpty()) {
      out.put("on", on);
    }
    if (!after.isEmpty()) {
      out.put("after", after);
    }
    if (state.alwaysCount() > 0) {
      List<Object> branches = new ArrayList<>();
      for (TransitionDef t : state.always()) {
        branches.addAll(transitions.branches(t, t.path()));
      }
      out.put(
          "always",
          branches.size() == 1 ? XStateTransitionWriter.brief(branches.get(0)) : branches);
    }
    if (onDone != null) {
      out.put("onDone", onDone);
    }
    if (state.childCount() > 0) {
      Map<String, Object> states = new LinkedHashMap<>();
      for (StateNode child : state.children()) {
        Map<String, Object> keys = new LinkedHashMap<>();
        state(child, keys);
        states.put(child.name(), keys);
      }
      for (StateNode history : state.histories()) {
        states.put(history.name(), history(history));
      }
      out.put("states", states);
    }
  }

  /** {@code {type: history, history, target}}, the target relative to the history's parent. */
  private Map<String, Object> history(StateNode history) {
    Map<String, Object> keys = new LinkedHashMap<>();
    keys.put("type", "history");
    keys.put("history", history.historyType() == HistoryType.DEEP ? "deep" : "shallow");
    TransitionDef fallback = history.historyDefault();
    if (fallback != null) {
      Branch b = fallback.branch(0);
      if (b.actionCount() > 0 || b.targetCount() > 1) {
        throw new DefinitionExportException(
            where(history) + ".target",
            "XState's history takes one default target and no actions; keep one target and move"
                + " the actions to its entry");
      }
      keys.put("target", b.target(0).path().substring(history.parent().path().length() + 1));
    }
    return keys;
  }

  private String where(StateNode state) {
    return state.path().isEmpty() ? definition.id() : definition.id() + "." + state.path();
  }

  private static void putList(Map<String, Object> out, String key, List<Object> items) {
    if (items.size() == 1) {
      out.put(key, items.get(0));
    } else if (!items.isEmpty()) {
      out.put(key, items);
    }
  }
}
