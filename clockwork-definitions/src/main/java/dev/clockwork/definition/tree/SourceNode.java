package dev.clockwork.definition.tree;

import java.util.Collections;
import java.util.List;
import java.util.Map;

/** A node of a definition file's tree, with the location it was written at. */
public sealed interface SourceNode {
  Location location();

  /** What the node is, for errors: "a map", "a list", "text", "a number"… */
  String describe();

  /** A map; its keys keep the order of the text, and each key its own location. */
  record MapNode(Location location, Map<String, Entry> entries) implements SourceNode {
    public MapNode {
      entries = Collections.unmodifiableMap(entries);
    }

    @Override
    public String describe() {
      return "a map";
    }
  }

  /** One key of a map: where the key is written, and its value. */
  record Entry(String key, Location keyLocation, SourceNode value) {}

  /** A list. */
  record ListNode(Location location, List<SourceNode> items) implements SourceNode {
    public ListNode {
      items = List.copyOf(items);
    }

    @Override
    public String describe() {
      return "a list";
    }
  }

  /** Text, a number, a boolean or null. */
  record ScalarNode(Location location, Object value) implements SourceNode {
    @Override
    public String describe() {
      if (value == null) {
        return "nothing (null)";
      }
      if (value instanceof String) {
        return "text '" + value + "'";
      }
      return value instanceof Boolean ? "the boolean " + value : "the number " + value;
    }
  }
}
