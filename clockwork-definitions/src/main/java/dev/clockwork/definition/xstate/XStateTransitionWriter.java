package dev.clockwork.definition.xstate;

import dev.clockwork.core.behavior.Action;
import dev.clockwork.core.behavior.InState;
import dev.clockwork.core.definition.Branch;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.definition.StateNode;
import dev.clockwork.core.definition.TimerDeclaration;
import dev.clockwork.core.definition.TransitionDef;
import dev.clockwork.definition.action.BuiltInAction;
import dev.clockwork.definition.write.DefinitionExportException;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes a transition as XState takes it: a target, {@code {target, guard, actions, reenter}} or an
 * array of those, the first whose guard passes being taken. Targets are written as a sibling's name
 * when they are one, else by their default XState id ({@code #<machine>.<path>}). A self-transition
 * is written with {@code reenter: true}, since Clockwork re-enters its source and XState by default
 * does not.
 */
final class XStateTransitionWriter {
  private final MachineDefinition definition;

  XStateTransitionWriter(MachineDefinition definition) {
    this.definition = definition;
  }

  /** The transition as one value: a target text, a map, or an array of branches. */
  Object write(TransitionDef t, String where) {
    List<Object> branches = branches(t, where);
    if (branches.size() == 1) {
      return brief(branches.get(0));
    }
    return branches;
  }

  /** A branch that only names its target, as that target's text (never inside an array). */
  static Object brief(Object branch) {
    if (branch instanceof Map<?, ?> map
        && map.size() == 1
        && map.get("target") instanceof String target) {
      return target;
    }
    return branch;
  }

  List<Object> branches(TransitionDef t, String where) {
    List<Object> out = new ArrayList<>();
    for (int i = 0; i < t.branchCount(); i++) {
      String at = t.branchCount() == 1 ? where : where + ".branch[" + i + "]";
      out.add(branch(t.branch(i), at));
    }
    return out;
  }

  /** The milliseconds of a transition's timer, as XState's {@code after} keys it. */
  String delay(TransitionDef t) {
    TimerDeclaration declared = t.timer().declaration();
    String fix =
        "XState's after takes a fixed delay only; write the timer as after: <duration>, or keep"
            + " the machine in the Clockwork format";
    if (!"after".equals(declared.kind()) || declared.text() == null) {
      throw new DefinitionExportException(
          t.path(), "a timer written as '" + declared.kind() + "' has no XState form; " + fix);
    }
    if (t.timer().then() != null || declared.max() != null) {
      throw new DefinitionExportException(t.path(), "max and then have no XState form; " + fix);
    }
    try {
      return Long.toString(Duration.parse(declared.text()).toMillis());
    } catch (DateTimeParseException e) {
      throw new DefinitionExportException(
          t.path(),
          "the delay '"
              + declared.text()
              + "' is a calendar period, which XState cannot wait for; write it in days, hours,"
              + " minutes or seconds");
    }
  }

  private Map<String, Object> branch(Branch b, String where) {
    Map<String, Object> out = new LinkedHashMap<>();
    if (b.targetCount() == 1) {
      out.put("target", target(b.transition().source(), b.target(0)));
    } else if (b.targetCount() > 1) {
      List<String> targets = new ArrayList<>();
      for (StateNode target : b.targets()) {
        targets.add(target(b.transition().source(), target));
      }
      out.put("target", targets);
    }
    if (b.isSelfLoop()) {
      out.put("reenter", true);
    }
    List<String> guards = b.guardNames();
    if (guards.size() > 1) {
      throw new DefinitionExportException(
          where,
          "XState JSON takes one guard per transition, and this one has "
              + guards
              + "; register one guard that checks both and name it");
    }
    if (guards.size() == 1) {
      if (b.guard(0) instanceof InState) {
        throw new DefinitionExportException(
            where,
            "an In() guard has no XState JSON form (XState's stateIn is code); register a named"
                + " guard that checks the state, or keep the machine in the Clockwork format");
      }
      if (guards.get(0).equals("<lambda>")) {
        throw new DefinitionExportException(
            where,
            "a guard given as a lambda has no name, so it cannot be written as XState JSON;"
                + " register it with Behaviors.builder().guard(\"name\", scope -> …)");
      }
      out.put("guard", guards.get(0));
    }
    List<Object> actions = new ArrayList<>();
    for (int i = 0; i < b.actionCount(); i++) {
      actions.add(action(b.action(i), b.actionName(i), where + ".actions"));
    }
    if (actions.size() == 1) {
      out.put("actions", actions.get(0));
    } else if (!actions.isEmpty()) {
      out.put("actions", actions);
    }
    return out;
  }

  /** A sibling's name where XState resolves it to the same state, else the default id. */
  private String target(StateNode source, StateNode target) {
    if (source.parent() != null && target.parent() == source.parent()) {
      return target.name();
    }
    return "#" + definition.id() + "." + target.path();
  }

  static Object action(Action action, String name, String where) {
    if (name != null) {
      return name;
    }
    if (action instanceof BuiltInAction builtIn) {
      throw new DefinitionExportException(
          where,
          "the built-in action "
              + builtIn.toData()
              + " has no XState JSON form (XState's own built-ins are JavaScript); register an"
              + " action that does the same under a name and name it here");
    }
    throw new DefinitionExportException(
        where,
        "an action given as a lambda has no name, so it cannot be written as XState JSON;"
            + " register it with Behaviors.builder().action(\"name\", scope -> …)");
  }
}
