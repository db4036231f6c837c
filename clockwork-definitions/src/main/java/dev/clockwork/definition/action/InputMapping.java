package dev.clockwork.definition.action;

import dev.clockwork.core.context.Context;
import dev.clockwork.core.definition.ChildInput;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A state's {@code input: {orderId: {fromContext: order.id}, kind: express}}: the child machine
 * starts with exactly these keys, each a constant or, written {@code {fromContext: <dotted path>}},
 * a value of the parent's context (a path the context lacks is left out).
 *
 * @param values each input key's value as written
 */
public record InputMapping(Map<String, Object> values) implements ChildInput {
  /** The key of a value read from the parent's context. */
  public static final String FROM_CONTEXT = "fromContext";

  public InputMapping {
    values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
  }

  @Override
  public Map<String, ?> from(Context parentContext) {
    Map<String, Object> input = new LinkedHashMap<>();
    for (Map.Entry<String, Object> entry : values.entrySet()) {
      if (entry.getValue() instanceof Map<?, ?> map
          && map.size() == 1
          && map.get(FROM_CONTEXT) instanceof String path) {
        Object value = parentContext.asMap();
        for (String part : path.split("\\.")) {
          value = value instanceof Map<?, ?> level ? level.get(part) : null;
        }
        if (value != null) {
          input.put(entry.getKey(), value);
        }
      } else {
        input.put(entry.getKey(), entry.getValue());
      }
    }
    return input;
  }
}
