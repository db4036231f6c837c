package dev.clockwork.definition.action;

import dev.clockwork.core.behavior.ActionScope;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code {assign: {paid: true, total: {fromEvent: order.total}}}}: sets context keys, each to a
 * constant or, written {@code {fromEvent: <dotted path>}}, to a value of the event's payload (a
 * path the payload lacks leaves the key as it was).
 *
 * @param values each context key's value as written: a constant or {@code {fromEvent: path}}
 */
public record AssignAction(Map<String, Object> values) implements BuiltInAction {
  /** The key of a value read from the event's payload. */
  public static final String FROM_EVENT = "fromEvent";

  public AssignAction {
    values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
  }

  @Override
  public void run(ActionScope scope) {
    for (Map.Entry<String, Object> entry : values.entrySet()) {
      String path = eventPath(entry.getValue());
      if (path == null) {
        scope.set(entry.getKey(), entry.getValue());
        continue;
      }
      Object value = scope.event().payload();
      for (String part : path.split("\\.")) {
        value = value instanceof Map<?, ?> map ? map.get(part) : null;
      }
      if (value != null) {
        scope.set(entry.getKey(), value);
      }
    }
  }

  /** The payload path a value reads, or null when it is a constant. */
  public static String eventPath(Object value) {
    if (value instanceof Map<?, ?> map
        && map.size() == 1
        && map.get(FROM_EVENT) instanceof String path) {
      return path;
    }
    return null;
  }

  @Override
  public Map<String, Object> toData() {
    return Map.of("assign", values);
  }
}
