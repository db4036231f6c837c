package dev.clockwork.definition.read;

import dev.clockwork.core.behavior.Action;
import dev.clockwork.definition.action.AssignAction;
import dev.clockwork.definition.action.EmitAction;
import dev.clockwork.definition.action.LogAction;
import dev.clockwork.definition.action.RaiseAction;
import dev.clockwork.definition.action.SendParentAction;
import dev.clockwork.definition.tree.SourceNode;
import dev.clockwork.definition.tree.SourceNode.MapNode;
import dev.clockwork.definition.tree.SourceNode.ScalarNode;
import dev.clockwork.definition.tree.TreeProblem;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads a built-in action written as a map of one key: {@code raise}, {@code assign}, {@code emit},
 * {@code log}, {@code sendParent}.
 */
final class BuiltInReader {
  private BuiltInReader() {}

  static Action read(MapNode map, String path) {
    Fields.checkKeys(map, path, FormatKeys.ACTION, FormatKeys.ACTION_NOT_YET);
    if (map.entries().size() != 1) {
      throw new TreeProblem(
          map.location(),
          path,
          "a built-in action is a map of one key, e.g. {raise: CHARGED}; write each as its own"
              + " item of the list");
    }
    SourceNode.Entry entry = map.entries().values().iterator().next();
    return switch (entry.key()) {
      case "assign" -> assign(entry.value(), path);
      case "emit" -> emit(entry.value(), path);
      case "log" -> new LogAction(Fields.text(entry.value(), path, "{log: payment declined}"));
      case "sendParent" -> sendParent(entry.value(), path);
      default -> raise(entry.value(), path);
    };
  }

  private static Action raise(SourceNode value, String path) {
    String event = Fields.text(value, path, "{raise: CHARGED}");
    if (event.isBlank()) {
      throw new TreeProblem(
          value.location(), path, "raise needs an event name, e.g. {raise: CHARGED}");
    }
    return new RaiseAction(event);
  }

  private static Action assign(SourceNode value, String path) {
    MapNode map = Fields.map(value, path, "{assign: {paid: true, total: {fromEvent: total}}}");
    if (map.entries().isEmpty()) {
      throw new TreeProblem(
          value.location(), path, "assign needs at least one key, e.g. {assign: {paid: true}}");
    }
    Map<String, Object> values = new LinkedHashMap<>();
    map.entries().forEach((key, entry) -> values.put(key, Plain.of(entry.value())));
    return new AssignAction(values);
  }

  private static Action emit(SourceNode value, String path) {
    String example = "{emit: {event: CHARGE, machine: payment, mode: async}}";
    MapNode map = Fields.map(value, path, example);
    Fields.checkKeys(map, path, FormatKeys.EMIT, Map.of());
    Map<String, SourceNode.Entry> keys = map.entries();
    if (!keys.containsKey("event") || keys.containsKey("machine") == keys.containsKey("instance")) {
      throw new TreeProblem(
          map.location(),
          path,
          "emit needs an event and one of machine or instance, e.g. " + example);
    }
    String event = Fields.text(keys.get("event").value(), path, example);
    String machine =
        keys.containsKey("machine")
            ? Fields.text(keys.get("machine").value(), path, example)
            : null;
    String instance =
        keys.containsKey("instance")
            ? Fields.text(keys.get("instance").value(), path, example)
            : null;
    boolean async = false;
    if (keys.containsKey("mode")) {
      String mode = Fields.text(keys.get("mode").value(), path, "mode: async");
      if (!mode.equals("sync") && !mode.equals("async")) {
        throw Fields.wrong(keys.get("mode").value(), path, "sync or async", "mode: async");
      }
      async = mode.equals("async");
    }
    Map<String, Object> payload = new LinkedHashMap<>();
    if (keys.containsKey("payload")) {
      MapNode given = Fields.map(keys.get("payload").value(), path, "payload: {amount: 10}");
      given.entries().forEach((key, entry) -> payload.put(key, Plain.of(entry.value())));
    }
    return new EmitAction(event, machine, instance, async, payload);
  }

  private static Action sendParent(SourceNode value, String path) {
    String example = "{sendParent: {event: PROGRESS, payload: {step: 2}}}";
    if (value instanceof ScalarNode) {
      String event = Fields.text(value, path, "{sendParent: PROGRESS}");
      if (event.isBlank()) {
        throw new TreeProblem(
            value.location(), path, "sendParent needs an event name, e.g. {sendParent: PROGRESS}");
      }
      return new SendParentAction(event, Map.of());
    }
    MapNode map = Fields.map(value, path, example);
    Fields.checkKeys(map, path, FormatKeys.SEND_PARENT, Map.of());
    Map<String, SourceNode.Entry> keys = map.entries();
    if (!keys.containsKey("event")) {
      throw new TreeProblem(map.location(), path, "sendParent needs an event, e.g. " + example);
    }
    String event = Fields.text(keys.get("event").value(), path, example);
    Map<String, Object> payload = new LinkedHashMap<>();
    if (keys.containsKey("payload")) {
      MapNode given = Fields.map(keys.get("payload").value(), path, "payload: {step: 2}");
      given.entries().forEach((key, entry) -> payload.put(key, Plain.of(entry.value())));
    }
    return new SendParentAction(event, payload);
  }
}
