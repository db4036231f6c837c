package dev.clockwork.definition.read;

import dev.clockwork.core.definition.HistoryBuilder;
import dev.clockwork.core.definition.HistoryType;
import dev.clockwork.core.definition.StatesBuilder;
import dev.clockwork.definition.action.InputMapping;
import dev.clockwork.definition.tree.SourceNode;
import dev.clockwork.definition.tree.SourceNode.MapNode;
import dev.clockwork.definition.tree.SourceNode.ScalarNode;
import dev.clockwork.definition.tree.TreeProblem;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a state (or the machine, which declares what a state does) onto the core's builder: {@code
 * type}, {@code initial}, {@code states}, {@code entry}, {@code exit}, {@code invoke}, {@code
 * input}, {@code on}, {@code always}, {@code onDone}, {@code onFail}; a history state ({@code type:
 * history}) takes {@code history} and {@code target} only.
 */
final class StateReader {
  private final Located located;
  private final TransitionReader transitions;

  StateReader(Located located) {
    this.located = located;
    this.transitions = new TransitionReader(located);
  }

  /** Reads a state's own keys; {@code extraKeys} are those the caller reads (the machine's). */
  void read(MapNode state, StatesBuilder<?> b, String path, List<String> extraKeys) {
    List<String> allowed = new ArrayList<>(extraKeys);
    allowed.addAll(FormatKeys.STATE);
    Map<String, String> notYet = new LinkedHashMap<>(FormatKeys.STATE_NOT_YET);
    if (!extraKeys.isEmpty()) {
      allowed.remove("type");
      notYet.putAll(FormatKeys.MACHINE_NOT_YET);
    }
    Fields.checkKeys(state, path, allowed, notYet);
    Map<String, SourceNode.Entry> keys = state.entries();
    if (keys.containsKey("initial")) {
      b.initial(Fields.text(keys.get("initial").value(), path, "initial: awaiting_payment"));
    }
    if (keys.containsKey("states")) {
      children(keys.get("states").value(), b, path);
    }
    if (keys.containsKey("entry")) {
      ActionReader.read(keys.get("entry").value(), path + ".entry", b::entry, b::entry);
    }
    if (keys.containsKey("exit")) {
      ActionReader.read(keys.get("exit").value(), path + ".exit", b::exit, b::exit);
    }
    if (keys.containsKey("invoke")) {
      String machine = Fields.text(keys.get("invoke").value(), path + ".invoke", "invoke: payment");
      if (keys.containsKey("input")) {
        b.invoke(machine, input(keys.get("input").value(), path + ".input"));
      } else {
        b.invoke(machine);
      }
    } else if (keys.containsKey("input")) {
      throw new TreeProblem(
          keys.get("input").keyLocation(),
          path + ".input",
          "input is what a child machine starts with, and this state runs none; add 'invoke:"
              + " <machine>' or drop 'input'");
    }
    if (keys.containsKey("on")) {
      events(keys.get("on").value(), b, path);
    }
    if (keys.containsKey("always")) {
      b.always(t -> transitions.read(keys.get("always").value(), t, path + ".always"));
    }
    if (keys.containsKey("onDone")) {
      b.onDone(t -> transitions.read(keys.get("onDone").value(), t, path + ".onDone"));
    }
    if (keys.containsKey("onFail")) {
      b.onFail(t -> transitions.read(keys.get("onFail").value(), t, path + ".onFail"));
    }
  }

  private static InputMapping input(SourceNode node, String path) {
    MapNode map = Fields.map(node, path, "input: {orderId: {fromContext: id}, kind: express}");
    Map<String, Object> values = new LinkedHashMap<>();
    map.entries().forEach((key, entry) -> values.put(key, Plain.of(entry.value())));
    return new InputMapping(values);
  }

  private void events(SourceNode node, StatesBuilder<?> b, String path) {
    MapNode on = Fields.map(node, path + ".on", "on: {PAY: paid}");
    for (SourceNode.Entry entry : on.entries().values()) {
      String where = path + ".on." + entry.key();
      located.put(where, entry.keyLocation());
      b.on(entry.key(), t -> transitions.read(entry.value(), t, where));
    }
  }

  private void children(SourceNode node, StatesBuilder<?> b, String path) {
    MapNode states = Fields.map(node, path, "states: {awaiting_payment: {on: {PAY: paid}}}");
    for (SourceNode.Entry entry : states.entries().values()) {
      String name = entry.key();
      String where = path + "." + name;
      located.put(where, entry.keyLocation());
      MapNode child = childMap(entry.value(), where);
      switch (type(child, where)) {
        case "final" -> b.finalState(name, s -> read(child, s, where, List.of()));
        case "parallel" -> b.parallel(name, s -> read(child, s, where, List.of()));
        case FormatKeys.HISTORY_TYPE -> b.history(name, h -> history(child, h, where));
        default -> b.state(name, s -> read(child, s, where, List.of()));
      }
    }
  }

  /**
   * A history state: {@code {type: history, history: deep, target: draft}}, with {@code actions}
   * run when the default is taken.
   */
  private void history(MapNode state, HistoryBuilder h, String path) {
    Fields.checkKeys(state, path, FormatKeys.HISTORY, Map.of());
    SourceNode.Entry type = state.entries().get("history");
    if (type != null) {
      String value = Fields.text(type.value(), path + ".history", "history: deep");
      if (!FormatKeys.HISTORY_TYPES.contains(value)) {
        throw new TreeProblem(
            type.value().location(),
            path + ".history",
            "unknown history '" + value + "'; write history: shallow or history: deep");
      }
      h.type(value.equals("deep") ? HistoryType.DEEP : HistoryType.SHALLOW);
    }
    SourceNode.Entry target = state.entries().get("target");
    if (target != null) {
      located.put(path + ".target", target.keyLocation());
      h.to(Fields.texts(target.value(), path + ".target", "target: draft").toArray(new String[0]));
    }
    SourceNode.Entry actions = state.entries().get("actions");
    if (actions != null) {
      ActionReader.read(actions.value(), path + ".target", h::action, h::action);
    }
  }

  /** A state written with nothing ({@code paid:}) is an atomic state with no keys. */
  private static MapNode childMap(SourceNode node, String path) {
    if (node instanceof ScalarNode scalar && scalar.value() == null) {
      return new MapNode(node.location(), Map.of());
    }
    return Fields.map(node, path, "paid: {type: final}");
  }

  private static String type(MapNode state, String path) {
    SourceNode.Entry type = state.entries().get("type");
    boolean hasChildren = state.entries().containsKey("states");
    if (type == null) {
      return hasChildren ? "compound" : "atomic";
    }
    String value = Fields.text(type.value(), path, "type: final");
    if (value.equals(FormatKeys.HISTORY_TYPE)) {
      return value;
    }
    if (!FormatKeys.STATE_TYPES.contains(value)) {
      throw new TreeProblem(
          type.value().location(),
          path,
          "unknown state type '"
              + value
              + "'; write one of "
              + String.join(", ", FormatKeys.STATE_TYPES)
              + ", "
              + FormatKeys.HISTORY_TYPE);
    }
    if (value.equals("atomic") && hasChildren) {
      throw new TreeProblem(
          type.value().location(),
          path,
          "an atomic state has no child states; drop 'states' or write type: compound");
    }
    if (value.equals("compound") && !hasChildren) {
      throw new TreeProblem(
          type.value().location(),
          path,
          "a compound state needs child states; add 'states' and 'initial' or write type: atomic");
    }
    return value;
  }
}
