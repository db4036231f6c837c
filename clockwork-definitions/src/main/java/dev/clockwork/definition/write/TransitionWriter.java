package dev.clockwork.definition.write;

import dev.clockwork.core.behavior.InState;
import dev.clockwork.core.definition.Branch;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.definition.StateNode;
import dev.clockwork.core.definition.TransitionDef;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes a state's transitions: {@code on} (timers included), {@code always} (several eventless
 * transitions become the branches of one, which takes the first that passes, as they did), {@code
 * onDone} and {@code onFail}. A plain target is written as text, anything more as a map.
 */
final class TransitionWriter {
  private final Targets targets;
  private final CodeParts code;

  TransitionWriter(MachineDefinition definition, CodeParts code) {
    this.targets = new Targets(definition);
    this.code = code;
  }

  void writeAll(StateNode state, Map<String, Object> out) {
    Map<String, Object> on = new LinkedHashMap<>();
    Object onDone = null;
    Object onFail = null;
    for (Map.Entry<String, TransitionDef> entry : sorted(state)) {
      String event = entry.getKey();
      TransitionDef t = entry.getValue();
      if (event.equals("done.state." + state.path())) {
        onDone = write(t);
      } else if (event.equals("fail.state." + state.path())) {
        onFail = write(t);
      } else {
        on.put(event, write(t));
      }
    }
    if (!on.isEmpty()) {
      out.put("on", on);
    }
    if (state.alwaysCount() == 1) {
      out.put("always", write(state.alwaysAt(0)));
    } else if (state.alwaysCount() > 1) {
      List<Object> branches = new ArrayList<>();
      for (TransitionDef t : state.always()) {
        for (Branch b : t.branches()) {
          branches.add(branch(b, t.path()));
        }
      }
      out.put("always", branches);
    }
    if (onDone != null) {
      out.put("onDone", onDone);
    }
    if (onFail != null) {
      out.put("onFail", onFail);
    }
  }

  /** Transitions in the order they were written (their map has none): by path, then event. */
  private static List<Map.Entry<String, TransitionDef>> sorted(StateNode state) {
    List<Map.Entry<String, TransitionDef>> entries =
        new ArrayList<>(state.transitions().entrySet());
    entries.sort(Map.Entry.comparingByKey());
    return entries;
  }

  private Object write(TransitionDef t) {
    if (t.branchCount() > 1) {
      List<Object> branches = new ArrayList<>();
      for (Branch b : t.branches()) {
        branches.add(branch(b, t.path()));
      }
      if (t.timer() == null) {
        return branches;
      }
      Map<String, Object> out = new LinkedHashMap<>();
      out.put("branches", branches);
      Timers.write(t.timer(), t.path(), out, code);
      return out;
    }
    Branch only = t.branch(0);
    Map<String, Object> out = branch(only, t.path());
    if (t.timer() != null) {
      Timers.write(t.timer(), t.path(), out, code);
    }
    if (out.size() == 1 && out.get("target") instanceof String target) {
      return target;
    }
    return out;
  }

  private Map<String, Object> branch(Branch b, String where) {
    Map<String, Object> out = new LinkedHashMap<>();
    if (b.targetCount() == 1) {
      out.put("target", targets.name(b.transition().source(), b.target(0)));
    } else if (b.targetCount() > 1) {
      List<String> names = new ArrayList<>();
      for (StateNode target : b.targets()) {
        names.add(targets.name(b.transition().source(), target));
      }
      out.put("target", names);
    }
    List<Object> guards = new ArrayList<>();
    for (int i = 0; i < b.guardCount(); i++) {
      if (b.guard(i) instanceof InState in) {
        guards.add(Map.of("in", in.path()));
      } else if (b.guardNames().get(i).equals("<lambda>")) {
        guards.add(
            code.mark(
                where,
                "a guard given as a lambda has no name, so it cannot be written as data; register"
                    + " it with Behaviors.builder().guard(\"name\", scope -> …) and write"
                    + " .guard(\"name\")"));
      } else {
        guards.add(b.guardNames().get(i));
      }
    }
    if (guards.size() == 1) {
      out.put("guards", guards.get(0));
    } else if (!guards.isEmpty()) {
      out.put("guards", guards);
    }
    List<Object> actions = new ArrayList<>();
    for (int i = 0; i < b.actionCount(); i++) {
      actions.add(Actions.write(b.action(i), b.actionName(i), where, "action", code));
    }
    if (actions.size() == 1) {
      out.put("actions", actions.get(0));
    } else if (!actions.isEmpty()) {
      out.put("actions", actions);
    }
    return out;
  }
}
