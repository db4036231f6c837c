package dev.clockwork.core.definition;

import dev.clockwork.core.InvalidDefinitionException;
import dev.clockwork.core.behavior.Action;
import dev.clockwork.core.behavior.Behaviors;
import dev.clockwork.core.behavior.Guard;
import dev.clockwork.core.behavior.InState;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Compiles the actions and transitions of one state, resolving names and targets. */
final class TransitionCompiler {
  private final String machineId;
  private final Behaviors behaviors;
  private final Map<String, StateNode> byPath;
  private final TimerCompiler timers;

  TransitionCompiler(
      String machineId,
      Behaviors behaviors,
      ZoneId zone,
      TimerCompiler.Overdue overdue,
      Map<String, StateNode> byPath,
      Map<String, TimerDef> timers) {
    this.machineId = machineId;
    this.behaviors = behaviors;
    this.byPath = byPath;
    this.timers = new TimerCompiler(behaviors, zone, overdue, timers);
  }

  /** The internal event sent when a compound or parallel state at {@code path} is done. */
  static String doneEvent(String path) {
    return "done.state." + path;
  }

  void compile(StateNode state, StatesBuilder<?> builder, String where) {
    state.entry = actions(builder.entry, where + ".entry");
    state.entryNames = names(builder.entry);
    state.invoke = builder.invoke;
    state.childInput = builder.childInput;
    if (builder.invoke != null && (builder.invoke.isBlank() || state.kind == StateKind.FINAL)) {
      throw new InvalidDefinitionException(
          where + ".invoke",
          "invoke needs a machine id and a state that is not final; write"
              + " .state(\"processing\", s -> s.invoke(\"payment\").on(\"@done\", \"completed\"))");
    }
    state.exit = actions(builder.exit, where + ".exit");
    state.exitNames = names(builder.exit);
    Map<String, TransitionDef> on = new LinkedHashMap<>();
    List<TransitionDef> always = new ArrayList<>();
    List<TransitionDef> timed = new ArrayList<>();
    for (TransitionBuilder t : builder.transitions) {
      switch (t.trigger) {
        case EVENT -> {
          String path = where + ".on." + t.event;
          if (t.event == null || t.event.isBlank()) {
            throw new InvalidDefinitionException(
                where + ".on", "an event name must be non-blank; write on(\"PAY\", …)");
          }
          if (ChildEvents.isChildOutcome(t.event) && builder.invoke == null) {
            throw new InvalidDefinitionException(
                path,
                t.event
                    + " routes the outcome of a child machine, but this state runs none; add"
                    + " .invoke(\"<machine>\") to it (for the end of a compound state use"
                    + " onDone(…))");
          }
          TransitionDef def = transition(state, t, t.event, path);
          if (on.put(t.event, def) != null) {
            throw new InvalidDefinitionException(
                path,
                "the event is handled twice in this state; merge them into one on(\""
                    + t.event
                    + "\", t -> t.branch(…).branch(…)) with guarded branches");
          }
          if (def.timer != null) {
            timed.add(def);
          }
        }
        case ALWAYS -> always.add(transition(state, t, null, where + ".always"));
        case DONE -> {
          String path = where + ".onDone";
          if (state.kind != StateKind.COMPOUND && state.kind != StateKind.PARALLEL) {
            throw new InvalidDefinitionException(
                path,
                "only a compound or parallel state is ever done; @done needs a state with children"
                    + " and a final state");
          }
          if (on.put(doneEvent(state.path), transition(state, t, doneEvent(state.path), path))
              != null) {
            throw new InvalidDefinitionException(path, "@done is declared twice; keep one");
          }
        }
        case FAIL -> {
          String path = where + ".onFail";
          if (state.kind != StateKind.PARALLEL) {
            throw new InvalidDefinitionException(
                path,
                "only a parallel state fails this way (a region job gave up, or its region timeout"
                    + " passed); for a child machine's failure use on(\"@fail\", …) with"
                    + " invoke(…)");
          }
          String event = ParallelEvents.failEvent(state.path);
          if (on.put(event, transition(state, t, event, path)) != null) {
            throw new InvalidDefinitionException(path, "@fail is declared twice; keep one");
          }
        }
      }
    }
    state.on = Map.copyOf(on);
    state.always = always.toArray(new TransitionDef[0]);
    state.timed = timed.toArray(new TransitionDef[0]);
  }

  private TransitionDef transition(
      StateNode source, TransitionBuilder t, String event, String path) {
    if (t.hasTimer() && t.trigger != TransitionBuilder.Trigger.EVENT) {
      throw new InvalidDefinitionException(
          path, "only an event transition can carry a timer; use on(\"EVENT\", t -> t.after(…))");
    }
    List<BranchBuilder<?>> declared = new ArrayList<>();
    if (!t.branches.isEmpty()) {
      if (!t.isEmpty()) {
        throw new InvalidDefinitionException(
            path,
            "declare either one branch directly (to/guard/action) or several with branch(…), not"
                + " both; move the direct target, guards and actions into a branch");
      }
      declared.addAll(t.branches);
    } else {
      if (t.isEmpty() && !t.hasTimer()) {
        throw new InvalidDefinitionException(
            path, "the transition does nothing; give it a target with to(…) or an action");
      }
      declared.add(t);
    }
    Branch[] branches = new Branch[declared.size()];
    for (int i = 0; i < branches.length; i++) {
      String where = branches.length == 1 ? path : path + ".branch[" + i + "]";
      branches[i] = branch(source, declared.get(i), where);
    }
    TimerDef timer = t.hasTimer() ? timers.compile(source, t, path) : null;
    return new TransitionDef(event, source, branches, timer, path);
  }

  /** The default transition of a history state: one branch, no event. */
  TransitionDef historyDefault(StateNode history, BranchBuilder<?> declared, String path) {
    return new TransitionDef(
        null, history, new Branch[] {branch(history, declared, path)}, null, path);
  }

  private Branch branch(StateNode source, BranchBuilder<?> b, String where) {
    Guard[] guards = new Guard[b.guards.size()];
    String[] guardNames = new String[guards.length];
    for (int i = 0; i < guards.length; i++) {
      Object g = b.guards.get(i);
      guardNames[i] =
          g instanceof String ? (String) g : g instanceof InState ? g.toString() : "<lambda>";
      guards[i] = g instanceof String ? guard((String) g, where) : (Guard) g;
      if (g instanceof InState in && byPath.get(in.path()) == null) {
        throw new InvalidDefinitionException(
            where,
            "In(\""
                + in.path()
                + "\") names no state of machine '"
                + machineId
                + "'; use a dotted path or unique name, one of "
                + byPath.values().stream().map(StateNode::path).distinct().sorted().toList());
      }
    }
    StateNode[] targets = new StateNode[b.targets.size()];
    for (int i = 0; i < targets.length; i++) {
      targets[i] = target(source, b.targets.get(i), where);
    }
    Branch branch =
        new Branch(guards, guardNames, actions(b.actions, where), names(b.actions), targets);
    Domains.assign(branch, source);
    return branch;
  }

  private Guard guard(String name, String where) {
    return behaviors
        .guard(name)
        .orElseThrow(
            () ->
                new InvalidDefinitionException(
                    where,
                    "unknown guard '"
                        + name
                        + "'; register it with Behaviors.builder().guard(\""
                        + name
                        + "\", scope -> …) and pass it to .behaviors(…)"
                        + known(behaviors.guardNames())));
  }

  /** The names of declared actions, null where an action was given as a lambda. */
  private static String[] names(List<Object> declared) {
    String[] names = new String[declared.size()];
    for (int i = 0; i < names.length; i++) {
      names[i] = declared.get(i) instanceof String name ? name : null;
    }
    return names;
  }

  private Action[] actions(List<Object> declared, String where) {
    Action[] actions = new Action[declared.size()];
    for (int i = 0; i < actions.length; i++) {
      Object a = declared.get(i);
      if (a instanceof String) {
        String name = (String) a;
        actions[i] =
            behaviors
                .action(name)
                .orElseThrow(
                    () ->
                        new InvalidDefinitionException(
                            where,
                            "unknown action '"
                                + name
                                + "'; register it with Behaviors.builder().action(\""
                                + name
                                + "\", scope -> …) and pass it to .behaviors(…)"
                                + known(behaviors.actionNames())));
      } else {
        actions[i] = (Action) a;
      }
    }
    return actions;
  }

  private StateNode target(StateNode source, String target, String where) {
    for (StateNode scope = source; scope != null; scope = scope.parent) {
      String candidate = scope.path.isEmpty() ? target : scope.path + "." + target;
      StateNode node = byPath.get(candidate);
      if (node != null && node.path.equals(candidate)) {
        return node;
      }
    }
    StateNode node = byPath.get(target);
    if (node != null) {
      return node;
    }
    throw new InvalidDefinitionException(
        where,
        "target '"
            + target
            + "' does not exist in machine '"
            + machineId
            + "'; use a state name or dotted path, one of "
            + byPath.values().stream().map(StateNode::path).distinct().sorted().toList());
  }

  static String known(Collection<String> names) {
    return names.isEmpty() ? " (none are registered)" : " (registered: " + names + ")";
  }
}
