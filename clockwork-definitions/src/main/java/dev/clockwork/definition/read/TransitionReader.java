package dev.clockwork.definition.read;

import dev.clockwork.core.behavior.Guard;
import dev.clockwork.core.definition.BranchBuilder;
import dev.clockwork.core.definition.TransitionBuilder;
import dev.clockwork.definition.tree.SourceNode;
import dev.clockwork.definition.tree.SourceNode.ListNode;
import dev.clockwork.definition.tree.SourceNode.MapNode;
import dev.clockwork.definition.tree.SourceNode.ScalarNode;
import java.util.List;
import java.util.Map;

/**
 * Reads one transition: a target ({@code PAY: paid}), a map ({@code target}, {@code guards}, {@code
 * actions}, {@code branches} and the timer keys), or a list of branches, the first whose guards
 * pass being taken.
 */
final class TransitionReader {
  private static final String EXAMPLE = "{target: cancelled, guards: isNotPaid, after: 7 days}";

  private final Located located;

  TransitionReader(Located located) {
    this.located = located;
  }

  void read(SourceNode node, TransitionBuilder t, String path) {
    located.put(path, node.location());
    if (node instanceof ScalarNode scalar && scalar.value() instanceof String target) {
      t.to(target);
    } else if (node instanceof ListNode list) {
      branches(list, t, path);
    } else if (node instanceof MapNode map) {
      Fields.checkKeys(map, path, FormatKeys.TRANSITION, Map.of());
      branch(map, t, path);
      SourceNode.Entry branches = map.entries().get("branches");
      if (branches != null) {
        if (!(branches.value() instanceof ListNode list)) {
          throw Fields.wrong(
              branches.value(), path, "a list of branches", "branches: [{target: paid}]");
        }
        branches(list, t, path);
      }
      TimerReader.read(map, t, path);
    } else {
      throw Fields.wrong(node, path, "a target, a transition or a list of branches", EXAMPLE);
    }
  }

  private void branches(ListNode list, TransitionBuilder t, String path) {
    List<SourceNode> items = list.items();
    for (int i = 0; i < items.size(); i++) {
      String where = path + ".branch[" + i + "]";
      SourceNode item = items.get(i);
      located.put(where, item.location());
      MapNode map = Fields.map(item, where, "{target: cancelled, guards: isNotPaid}");
      Fields.checkKeys(map, where, FormatKeys.BRANCH, Map.of());
      t.branch(b -> branch(map, b, where));
    }
  }

  /** A named guard ({@code isNotPaid}) or {@code {in: <state path>}}, SCXML's {@code In()}. */
  private static void guard(SourceNode node, BranchBuilder<?> b, String path) {
    if (node instanceof MapNode map) {
      Fields.checkKeys(map, path, FormatKeys.GUARD, Map.of());
      SourceNode.Entry in = map.entries().get("in");
      if (in == null) {
        throw Fields.wrong(
            node, path, "a guard name or {in: <state path>}", "guards: [{in: paid}]");
      }
      b.guard(Guard.in(Fields.text(in.value(), path, "guards: [{in: paid}]")));
    } else {
      b.guard(Fields.text(node, path, "guards: [isNotPaid]"));
    }
  }

  /** The keys a transition shares with a branch: target, guards, actions. */
  private static void branch(MapNode map, BranchBuilder<?> b, String path) {
    SourceNode.Entry target = map.entries().get("target");
    if (target != null) {
      b.to(Fields.texts(target.value(), path, "target: paid").toArray(new String[0]));
    }
    SourceNode.Entry guards = map.entries().get("guards");
    if (guards != null) {
      List<SourceNode> items =
          guards.value() instanceof ListNode list ? list.items() : List.of(guards.value());
      for (SourceNode guard : items) {
        guard(guard, b, path);
      }
    }
    SourceNode.Entry actions = map.entries().get("actions");
    if (actions != null) {
      ActionReader.read(actions.value(), path, b::action, b::action);
    }
  }
}
