package dev.clockwork.definition.xstate;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.function.Consumer;

/** Guards and actions by name: {@code "inc"}, {@code {"type": "inc"}} or a list of actions. */
final class XStateBehaviours {
  private XStateBehaviours() {}

  static void actions(JsonNode node, String where, Consumer<String> add) {
    if (node == null) {
      return;
    }
    if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        add.accept(name(node.get(i), where + "[" + i + "]", "action"));
      }
    } else {
      add.accept(name(node, where, "action"));
    }
  }

  static String name(JsonNode node, String where, String kind) {
    if (node.isTextual()) {
      return node.asText();
    }
    if (node.isObject() && node.has("type") && node.get("type").isTextual()) {
      if (node.size() > 1) {
        throw new XStateProblem(
            where,
            "a "
                + kind
                + " with params is not imported; register a "
                + kind
                + " per parameter set and name it, e.g. \""
                + node.get("type").asText()
                + "\"");
      }
      return node.get("type").asText();
    }
    throw new XStateProblem(
        where,
        "a "
            + kind
            + " must be named, e.g. \"inc\" or {\"type\": \"inc\"}; inline "
            + kind
            + "s and guard combinators (and/or/not) are not imported");
  }
}
