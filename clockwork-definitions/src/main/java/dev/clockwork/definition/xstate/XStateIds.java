package dev.clockwork.definition.xstate;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;

/**
 * XState's state ids: a state's {@code id}, or by default {@code <machine id>.<path>}, each mapped
 * to the Clockwork path ({@code a.b}) of the state; the machine's own id maps to the root.
 */
final class XStateIds {
  private final Map<String, String> paths = new HashMap<>();

  private XStateIds() {}

  static XStateIds index(String machineId, JsonNode root) {
    XStateIds ids = new XStateIds();
    ids.paths.put(machineId, "");
    ids.children(machineId, root, "");
    return ids;
  }

  private void children(String machineId, JsonNode state, String path) {
    JsonNode states = state.get("states");
    if (states == null || !states.isObject()) {
      return;
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = states.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> child = it.next();
      String childPath = path.isEmpty() ? child.getKey() : path + "." + child.getKey();
      paths.put(machineId + "." + childPath, childPath);
      JsonNode id = child.getValue().get("id");
      if (id != null && id.isTextual()) {
        paths.put(id.asText(), childPath);
      }
      children(machineId, child.getValue(), childPath);
    }
  }

  /**
   * The Clockwork path of an XState target written in the state at {@code from}: {@code #id} (and
   * {@code #id.child}), {@code .child}, or a sibling's name ({@code sibling.child}).
   */
  String resolve(String target, String from, String where) {
    if (target.startsWith("#")) {
      String rest = target.substring(1);
      for (String id = rest; ; ) {
        String path = paths.get(id);
        if (path != null) {
          String tail = rest.substring(id.length());
          return join(path, tail.isEmpty() ? "" : tail.substring(1));
        }
        int dot = id.lastIndexOf('.');
        if (dot < 0) {
          throw new XStateProblem(
              where,
              "no state has the id '"
                  + rest
                  + "'; give the target state \"id\": \""
                  + rest
                  + "\" or write its sibling name");
        }
        id = id.substring(0, dot);
      }
    }
    if (target.startsWith(".")) {
      return join(from, target.substring(1));
    }
    int dot = from.lastIndexOf('.');
    String parent = from.isEmpty() ? "" : dot < 0 ? "" : from.substring(0, dot);
    return join(parent, target);
  }

  private static String join(String path, String child) {
    if (child.isEmpty()) {
      return path;
    }
    return path.isEmpty() ? child : path + "." + child;
  }
}
