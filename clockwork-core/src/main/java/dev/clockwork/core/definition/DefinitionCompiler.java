package dev.clockwork.core.definition;

import dev.clockwork.core.InvalidDefinitionException;
import dev.clockwork.core.context.Context;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Turns a {@link MachineBuilder} into a validated {@link MachineDefinition}, or fails naming why.
 */
final class DefinitionCompiler {
  private final MachineBuilder machine;
  private final List<StateNode> states = new ArrayList<>();
  private final Map<StateNode, StatesBuilder<?>> sources = new HashMap<>();
  private final Map<StateNode, HistoryBuilder> historySources = new HashMap<>();
  private final Map<String, StateNode> byPath = new HashMap<>();
  private final Map<String, TimerDef> timers = new LinkedHashMap<>();

  DefinitionCompiler(MachineBuilder machine) {
    this.machine = machine;
  }

  MachineDefinition compile() {
    String id = machine.name;
    if (id.isBlank() || id.contains(".") || id.contains("#")) {
      throw new InvalidDefinitionException(
          id, "a machine id must be non-blank without '.' or '#'; use a name like \"order\"");
    }
    if (machine.version < 1) {
      throw new InvalidDefinitionException(id, "version must be 1 or more, not " + machine.version);
    }
    if (machine.maxTransitionDepth < 1) {
      throw new InvalidDefinitionException(
          id, "maxTransitionDepth must be 1 or more, not " + machine.maxTransitionDepth);
    }
    if (machine.children.isEmpty()) {
      throw new InvalidDefinitionException(
          id, "a machine needs at least one state; add .state(\"idle\") and .initial(\"idle\")");
    }
    StateNode root = node(machine, "", StateKind.COMPOUND, null);
    addChildren(root, machine);
    indexUniqueNames();
    TransitionCompiler transitions =
        new TransitionCompiler(
            id,
            machine.behaviors,
            machine.zone,
            new TimerCompiler.Overdue(machine.overdue, machine.overdueAfter),
            byPath,
            timers);
    for (StateNode state : states) {
      if (state.kind == StateKind.HISTORY) {
        Histories.compileDefault(state, historySources.get(state), where(state), transitions);
      } else {
        compileState(state, sources.get(state), transitions);
      }
    }
    List<StartTimer> startTimers = startTimers(id);
    Map<String, EventValidator> validators = EventValidators.checked(machine, states, timers);
    return new MachineDefinition(
        id,
        machine.version,
        machine.zone,
        machine.maxTransitionDepth,
        machine.context == null ? Context.empty() : machine.context,
        states.toArray(new StateNode[0]),
        Map.copyOf(byPath),
        timers,
        startTimers,
        validators,
        machine.behaviors);
  }

  private List<StartTimer> startTimers(String id) {
    StartTimerCheck.checkMachine(id, machine.startTimers);
    List<StartTimer> compiled = new ArrayList<>();
    for (StartTimer timer : machine.startTimers) {
      compiled.add(timer.compiled(machine.zone, id + ".startTimers[" + compiled.size() + "]"));
    }
    return List.copyOf(compiled);
  }

  private StateNode node(StatesBuilder<?> builder, String path, StateKind kind, StateNode parent) {
    StateNode node = node(builder.name, path, kind, parent);
    sources.put(node, builder);
    return node;
  }

  private StateNode node(String name, String path, StateKind kind, StateNode parent) {
    StateNode node = new StateNode(name, path, states.size(), kind, parent);
    states.add(node);
    if (!path.isEmpty()) {
      byPath.put(path, node);
    }
    return node;
  }

  private void addChildren(StateNode parent, StatesBuilder<?> builder) {
    List<StateNode> children = new ArrayList<>();
    Set<String> names = new HashSet<>();
    for (StateBuilder child : builder.children) {
      String where = where(parent) + "." + child.name;
      checkName(child.name, where);
      if (!names.add(child.name)) {
        throw new InvalidDefinitionException(
            where,
            "duplicate state id '"
                + child.name
                + "' under the same parent; give each child a distinct name");
      }
      StateKind kind = kindOf(child, where);
      String path = parent.path.isEmpty() ? child.name : parent.path + "." + child.name;
      StateNode node = node(child, path, kind, parent);
      children.add(node);
      addChildren(node, child);
    }
    parent.children = List.copyOf(children);
    addHistories(parent, builder, names);
    parent.lastDescendant = states.size() - 1;
  }

  /** History children come after the real ones in document order, inside the parent's range. */
  private void addHistories(StateNode parent, StatesBuilder<?> builder, Set<String> names) {
    if (builder.histories.isEmpty()) {
      return;
    }
    List<StateNode> histories = new ArrayList<>();
    for (HistoryBuilder history : builder.histories) {
      String where = where(parent) + "." + history.name;
      checkName(history.name, where);
      Histories.checkParent(parent, where);
      if (!names.add(history.name)) {
        throw new InvalidDefinitionException(
            where,
            "duplicate state id '"
                + history.name
                + "' under the same parent; give the history state a name of its own");
      }
      String path = parent.path.isEmpty() ? history.name : parent.path + "." + history.name;
      StateNode node = node(history.name, path, StateKind.HISTORY, parent);
      node.historyType = history.type;
      historySources.put(node, history);
      histories.add(node);
    }
    parent.histories = histories.toArray(new StateNode[0]);
  }

  private static StateKind kindOf(StateBuilder child, String where) {
    if (child.declaredKind == StateKind.FINAL) {
      if (!child.children.isEmpty() || !child.transitions.isEmpty()) {
        throw new InvalidDefinitionException(
            where,
            "a final state cannot have children or transitions; make it a normal state, or move"
                + " them to its parent");
      }
      return StateKind.FINAL;
    }
    if (child.declaredKind == StateKind.PARALLEL) {
      if (child.children.isEmpty()) {
        throw new InvalidDefinitionException(
            where, "a parallel state needs regions; add at least one child state");
      }
      if (child.initial != null) {
        throw new InvalidDefinitionException(
            where, "a parallel state enters every region, so it takes no initial; remove it");
      }
      return StateKind.PARALLEL;
    }
    return child.children.isEmpty() ? StateKind.ATOMIC : StateKind.COMPOUND;
  }

  private static void checkName(String name, String where) {
    if (name == null || name.isBlank() || name.contains(".") || name.contains("#")) {
      throw new InvalidDefinitionException(
          where, "a state name must be non-blank, without '.' or '#'; use a name like \"paid\"");
    }
  }

  /** Short names resolve too, when only one state has the name. */
  private void indexUniqueNames() {
    Map<String, Integer> counts = new HashMap<>();
    for (StateNode state : states) {
      counts.merge(state.name, 1, Integer::sum);
    }
    for (StateNode state : states) {
      if (state.parent != null && counts.get(state.name) == 1) {
        byPath.putIfAbsent(state.name, state);
      }
    }
  }

  private void compileState(StateNode state, StatesBuilder<?> builder, TransitionCompiler tc) {
    String where = where(state);
    if (state.kind == StateKind.COMPOUND) {
      if (builder.initial == null) {
        throw new InvalidDefinitionException(
            where,
            "a compound state needs an initial state; add .initial(\""
                + state.children.get(0).name
                + "\") naming one of "
                + names(state.children));
      }
      state.initial =
          Stream.concat(state.children.stream(), Stream.of(state.histories))
              .filter(c -> c.name.equals(builder.initial))
              .findFirst()
              .orElseThrow(
                  () ->
                      new InvalidDefinitionException(
                          where,
                          "initial '"
                              + builder.initial
                              + "' is not a child of this state; choose one of "
                              + names(state.children)));
    } else if (builder.initial != null && state.kind != StateKind.PARALLEL) {
      throw new InvalidDefinitionException(
          where,
          "initial '" + builder.initial + "' is set but the state has no children; add the child");
    }
    tc.compile(state, builder, where);
  }

  private String where(StateNode state) {
    return state.path.isEmpty() ? machine.name : machine.name + "." + state.path;
  }

  private static List<String> names(List<StateNode> nodes) {
    return nodes.stream().map(StateNode::name).toList();
  }
}
