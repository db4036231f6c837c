package dev.clockwork.definition.read;

import dev.clockwork.core.behavior.Action;
import dev.clockwork.definition.tree.SourceNode;
import dev.clockwork.definition.tree.SourceNode.ListNode;
import dev.clockwork.definition.tree.SourceNode.MapNode;
import dev.clockwork.definition.tree.SourceNode.ScalarNode;
import java.util.List;
import java.util.function.Consumer;

/**
 * Reads an action list ({@code actions}, {@code entry}, {@code exit}): one item or a list of items,
 * each the name of an action of the machine's behaviours or a built-in written as a map ({@code
 * raise: EVENT}, {@code assign: {…}}, {@code emit: {…}}; see {@link BuiltInReader}).
 */
final class ActionReader {
  private static final String EXAMPLE = "actions: [chargeCard, {raise: CHARGED}]";

  private ActionReader() {}

  static void read(SourceNode node, String path, Consumer<String> named, Consumer<Action> builtIn) {
    List<SourceNode> items = node instanceof ListNode list ? list.items() : List.of(node);
    for (SourceNode item : items) {
      if (item instanceof MapNode map) {
        builtIn.accept(BuiltInReader.read(map, path));
      } else if (item instanceof ScalarNode scalar && scalar.value() instanceof String name) {
        named.accept(name);
      } else {
        throw Fields.wrong(item, path, "an action name or a built-in action", EXAMPLE);
      }
    }
  }
}
