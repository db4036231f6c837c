package dev.clockwork.definition.read;

import dev.clockwork.definition.tree.SourceNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A tree node as plain Java values (maps, lists, text, numbers, booleans), for the context. */
final class Plain {
  private Plain() {}

  static Object of(SourceNode node) {
    if (node instanceof SourceNode.MapNode map) {
      Map<String, Object> values = new LinkedHashMap<>();
      map.entries().forEach((key, entry) -> values.put(key, of(entry.value())));
      return values;
    }
    if (node instanceof SourceNode.ListNode list) {
      List<Object> values = new ArrayList<>();
      list.items().forEach(item -> values.add(of(item)));
      return values;
    }
    return ((SourceNode.ScalarNode) node).value();
  }
}
