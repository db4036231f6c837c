package dev.clockwork.definition.read;

import dev.clockwork.definition.tree.SourceNode;
import dev.clockwork.definition.tree.SourceNode.ListNode;
import dev.clockwork.definition.tree.SourceNode.MapNode;
import dev.clockwork.definition.tree.SourceNode.ScalarNode;
import dev.clockwork.definition.tree.TreeProblem;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Reads typed values out of tree nodes; each mistake names the path and what to write. */
final class Fields {
  private Fields() {}

  /** Fails unless every key of {@code map} is allowed; reserved keys say "not supported yet". */
  static void checkKeys(
      MapNode map, String path, List<String> allowed, Map<String, String> notYet) {
    for (SourceNode.Entry entry : map.entries().values()) {
      String key = entry.key();
      if (allowed.contains(key)) {
        continue;
      }
      if (notYet.containsKey(key)) {
        throw new TreeProblem(
            entry.keyLocation(),
            path,
            "'"
                + key
                + "' is not supported yet in machine files; "
                + notYet.get(key).replace(FormatKeys.MACHINE_ID, path));
      }
      throw new TreeProblem(
          entry.keyLocation(),
          path,
          "unknown key '" + key + "'; the keys allowed here are " + String.join(", ", allowed));
    }
  }

  static MapNode map(SourceNode node, String path, String example) {
    if (node instanceof MapNode map) {
      return map;
    }
    throw wrong(node, path, "a map", example);
  }

  static String text(SourceNode node, String path, String example) {
    if (node instanceof ScalarNode scalar && scalar.value() instanceof String text) {
      return text;
    }
    throw wrong(node, path, "text", example);
  }

  /** One text or a list of texts. */
  static List<String> texts(SourceNode node, String path, String example) {
    if (node instanceof ListNode list) {
      List<String> texts = new ArrayList<>();
      for (SourceNode item : list.items()) {
        texts.add(text(item, path, example));
      }
      return texts;
    }
    return List.of(text(node, path, example));
  }

  static int whole(SourceNode node, String path, String example) {
    if (node instanceof ScalarNode scalar
        && scalar.value() instanceof Number number
        && number.doubleValue() == number.intValue()) {
      return number.intValue();
    }
    throw wrong(node, path, "a whole number", example);
  }

  static TreeProblem wrong(SourceNode node, String path, String expected, String example) {
    return new TreeProblem(
        node.location(),
        path,
        "expected " + expected + ", found " + node.describe() + "; write e.g. " + example);
  }
}
