package dev.clockwork.definition.read;

import dev.clockwork.core.behavior.Action;
import dev.clockwork.definition.action.RaiseAction;
import dev.clockwork.definition.tree.SourceNode;
import dev.clockwork.definition.tree.SourceNode.ListNode;
import dev.clockwork.definition.tree.SourceNode.MapNode;
import dev.clockwork.definition.tree.SourceNode.ScalarNode;
import dev.clockwork.definition.tree.TreeProblem;
import java.util.List;
import java.util.function.Consumer;

/**
 * Reads an action list ({@code actions}, {@code entry}, {@code exit}): one item or a list of items,
 * each the name of an action of the machine's behaviours or a built-in written as a map ({@code
 * raise: EVENT}).
 */
final class ActionReader {
  private static final String EXAMPLE = "actions: [chargeCard, {raise: CHARGED}]";

  private ActionReader() {}

  static void read(SourceNode node, String path, Consumer<String> named, Consumer<Action> builtIn) {
    List<SourceNode> items = node instanceof ListNode list ? list.items() : List.of(node);
    for (SourceNode item : items) {
      if (item instanceof MapNode map) {
        builtIn.accept(builtIn(map, path));
      } else if (item instanceof ScalarNode scalar && scalar.value() instanceof String name) {
        named.accept(name);
      } else {
        throw Fields.wrong(item, path, "an action name or a built-in action", EXAMPLE);
      }
    }
  }

  private static Action builtIn(MapNode map, String path) {
    Fields.checkKeys(map, path, FormatKeys.ACTION, FormatKeys.ACTION_NOT_YET);
    SourceNode.Entry raise = map.entries().get("raise");
    if (raise == null) {
      throw new TreeProblem(
          map.location(), path, "a built-in action needs one key, e.g. {raise: CHARGED}");
    }
    String event = Fields.text(raise.value(), path, "{raise: CHARGED}");
    if (event.isBlank()) {
      throw new TreeProblem(
          raise.value().location(), path, "raise needs an event name, e.g. {raise: CHARGED}");
    }
    return new RaiseAction(event);
  }
}
