package dev.clockwork.definition.xstate;

import com.fasterxml.jackson.databind.JsonNode;
import dev.clockwork.core.definition.HistoryBuilder;
import dev.clockwork.core.definition.MachineBuilder;
import dev.clockwork.core.definition.StatesBuilder;
import java.time.Duration;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

/**
 * Reads XState state nodes onto the core's builder: {@code initial}, {@code states}, {@code type},
 * {@code entry}, {@code exit}, {@code on}, {@code after}, {@code always}, {@code onDone}; history
 * nodes ({@code type: 'history'}) with {@code history} and {@code target}.
 */
final class XStateStateReader {
  private static final Set<String> STATE_KEYS =
      Set.of(
          "id",
          "type",
          "initial",
          "states",
          "entry",
          "exit",
          "on",
          "after",
          "always",
          "onDone",
          "description",
          "meta",
          "tags");
  private static final Set<String> HISTORY_KEYS =
      Set.of("id", "type", "history", "target", "description", "meta");
  private static final Map<String, String> REFUSED =
      Map.of(
          "invoke",
          "XState's invoke starts an actor written in JavaScript and is not imported; write the"
              + " child as a Clockwork machine and invoke it from the Clockwork format",
          "output",
          "a final state's output is not imported; drop 'output'",
          "predictableActionArguments",
          "an XState v4 option; drop it");

  private final XStateIds ids;
  private final XStateTransitionReader transitions;

  XStateStateReader(XStateIds ids) {
    this.ids = ids;
    this.transitions = new XStateTransitionReader(ids);
  }

  void readMachine(JsonNode root, MachineBuilder b) {
    JsonNode type = root.get("type");
    if (type != null && !"compound".equals(type.asText())) {
      throw new XStateProblem(
          "type",
          "a '"
              + type.asText()
              + "' machine root is not imported; wrap its states in one"
              + " top-level state of that type");
    }
    read(root, b, "", Set.of("id", "context", "version"));
  }

  private void read(JsonNode state, StatesBuilder<?> b, String path, Set<String> extra) {
    checkKeys(state, path, extra);
    JsonNode initial = state.get("initial");
    if (initial != null) {
      b.initial(text(initial, where(path, "initial"), "\"initial\": \"idle\""));
    }
    JsonNode states = state.get("states");
    if (states != null) {
      children(states, b, path);
    }
    XStateBehaviours.actions(state.get("entry"), where(path, "entry"), b::entry);
    XStateBehaviours.actions(state.get("exit"), where(path, "exit"), b::exit);
    JsonNode on = state.get("on");
    if (on != null) {
      for (Iterator<Map.Entry<String, JsonNode>> it = fields(on, where(path, "on"));
          it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        String where = where(path, "on." + e.getKey());
        if (e.getKey().contains("*")) {
          throw new XStateProblem(
              where, "wildcard events are not imported; name each event the state handles");
        }
        b.on(e.getKey(), t -> transitions.read(e.getValue(), t, path, where));
      }
    }
    JsonNode after = state.get("after");
    if (after != null) {
      for (Iterator<Map.Entry<String, JsonNode>> it = fields(after, where(path, "after"));
          it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        String where = where(path, "after." + e.getKey());
        Duration delay = delay(e.getKey(), where);
        String event = "xstate.after." + e.getKey() + (path.isEmpty() ? "" : "." + path);
        b.on(
            event,
            t -> {
              transitions.read(e.getValue(), t, path, where);
              t.after(delay.toString());
            });
      }
    }
    JsonNode always = state.get("always");
    if (always != null) {
      b.always(t -> transitions.read(always, t, path, where(path, "always")));
    }
    JsonNode onDone = state.get("onDone");
    if (onDone != null) {
      b.onDone(t -> transitions.read(onDone, t, path, where(path, "onDone")));
    }
  }

  private void children(JsonNode states, StatesBuilder<?> b, String path) {
    for (Iterator<Map.Entry<String, JsonNode>> it = fields(states, where(path, "states"));
        it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      String name = e.getKey();
      String child = path.isEmpty() ? name : path + "." + name;
      JsonNode node = e.getValue();
      if (!node.isObject()) {
        throw new XStateProblem(child, "a state must be an object; write {} for an empty state");
      }
      String type = node.has("type") ? node.get("type").asText() : "";
      switch (type) {
        case "final" -> b.finalState(name, s -> read(node, s, child, Set.of()));
        case "parallel" -> b.parallel(name, s -> read(node, s, child, Set.of()));
        case "", "atomic", "compound" -> b.state(name, s -> read(node, s, child, Set.of()));
        case "history" -> b.history(name, h -> history(node, h, child));
        default ->
            throw new XStateProblem(
                where(child, "type"),
                "unknown state type '"
                    + type
                    + "'; write atomic, compound, parallel, final or history");
      }
    }
  }

  /** {@code {type: 'history', history: 'shallow' | 'deep', target: 'sibling'}}. */
  private void history(JsonNode node, HistoryBuilder h, String path) {
    for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
      String key = it.next();
      if (!HISTORY_KEYS.contains(key)) {
        throw new XStateProblem(
            where(path, key),
            "'" + key + "' is not imported on a history state; it takes " + HISTORY_KEYS);
      }
    }
    JsonNode type = node.get("history");
    if (type != null) {
      String value = text(type, where(path, "history"), "\"history\": \"deep\"");
      switch (value) {
        case "deep" -> h.deep();
        case "shallow" -> h.shallow();
        default ->
            throw new XStateProblem(
                where(path, "history"),
                "unknown history '" + value + "'; write \"shallow\" or \"deep\"");
      }
    }
    JsonNode target = node.get("target");
    if (target != null) {
      String where = where(path, "target");
      h.to(ids.resolve(text(target, where, "\"target\": \"draft\""), path, where));
    }
  }

  private static void checkKeys(JsonNode state, String path, Set<String> extra) {
    for (Iterator<String> it = state.fieldNames(); it.hasNext(); ) {
      String key = it.next();
      if (REFUSED.containsKey(key)) {
        throw new XStateProblem(where(path, key), REFUSED.get(key));
      }
      if (!STATE_KEYS.contains(key) && !extra.contains(key)) {
        throw new XStateProblem(
            where(path, key),
            "'" + key + "' is not imported from XState; supported keys are " + STATE_KEYS);
      }
    }
  }

  private static Duration delay(String key, String where) {
    try {
      long ms = Long.parseLong(key);
      if (ms > 0) {
        return Duration.ofMillis(ms);
      }
    } catch (NumberFormatException e) {
      // named delays fall through to the error below
    }
    throw new XStateProblem(
        where,
        "a delay must be a positive number of milliseconds, e.g. \"after\": {\"1000\": …};"
            + " named delays are not imported");
  }

  static Iterator<Map.Entry<String, JsonNode>> fields(JsonNode node, String where) {
    if (!node.isObject()) {
      throw new XStateProblem(where, "must be an object of names to values");
    }
    return node.fields();
  }

  static String text(JsonNode node, String where, String example) {
    if (!node.isTextual()) {
      throw new XStateProblem(where, "must be a string, e.g. " + example);
    }
    return node.asText();
  }

  static String where(String path, String key) {
    return path.isEmpty() ? key : path + "." + key;
  }
}
