package dev.clockwork.core.context;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Checks that a context value can be written as JSON and freezes collections, so a context stays
 * immutable and every store can persist it.
 */
public final class JsonValues {
  private JsonValues() {}

  /**
   * Returns {@code value} (lists and maps as unmodifiable copies) when it is a JSON value.
   *
   * @throws IllegalArgumentException naming {@code key} and the offending type
   */
  public static Object checked(String key, Object value) {
    if (value == null
        || value instanceof String
        || value instanceof Boolean
        || value instanceof Integer
        || value instanceof Long
        || value instanceof Double
        || value instanceof BigDecimal
        || value instanceof BigInteger
        || value instanceof Short
        || value instanceof Float) {
      return value;
    }
    if (value instanceof List<?>) {
      List<?> list = (List<?>) value;
      List<Object> copy = new ArrayList<>(list.size());
      for (int i = 0; i < list.size(); i++) {
        copy.add(checked(key + "[" + i + "]", list.get(i)));
      }
      return Collections.unmodifiableList(copy);
    }
    if (value instanceof Map<?, ?>) {
      Map<String, Object> copy = new LinkedHashMap<>();
      for (Map.Entry<?, ?> entry : ((Map<?, ?>) value).entrySet()) {
        if (!(entry.getKey() instanceof String)) {
          throw new IllegalArgumentException(
              "context key '" + key + "': map keys must be strings, found " + entry.getKey());
        }
        String child = (String) entry.getKey();
        copy.put(child, checked(key + "." + child, entry.getValue()));
      }
      return Collections.unmodifiableMap(copy);
    }
    throw new IllegalArgumentException(
        "context key '"
            + key
            + "': a "
            + value.getClass().getName()
            + " is not a JSON value; store a String, Number, Boolean, null, List or Map"
            + " (for a date or an amount, store its ISO text or a number)");
  }
}
