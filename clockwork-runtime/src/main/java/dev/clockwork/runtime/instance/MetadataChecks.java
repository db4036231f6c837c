package dev.clockwork.runtime.instance;

import dev.clockwork.core.context.JsonValues;
import dev.clockwork.core.input.InputRules;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The rules for an instance's metadata, shared by instance creation, queries, schedules and {@code
 * clockwork.yaml}: a queue name is a non-blank text without surrounding spaces; labels map
 * non-blank texts to non-blank texts; search attributes map non-blank texts to JSON scalars (text,
 * finite number, boolean); a memo maps non-blank texts to any JSON value. Each check returns an
 * unmodifiable copy, or throws an {@link IllegalArgumentException} naming the field and the key.
 */
public final class MetadataChecks {
  private MetadataChecks() {}

  /**
   * {@code name} when it is a valid queue name.
   *
   * @param where the field's name in errors, e.g. {@code queue}
   */
  public static String queue(String where, String name) {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException(
          where + " must name a queue, e.g. \"high-priority\"; leave it out for the default");
    }
    if (!name.strip().equals(name)) {
      throw new IllegalArgumentException(
          where + " '" + name + "' has spaces around it; write '" + name.strip() + "'");
    }
    return InputRules.text(where, name);
  }

  /** {@code labels} (null: none) when every key and value is a non-blank text. */
  public static Map<String, String> labels(String where, Map<String, ?> labels) {
    Map<String, String> copy = new LinkedHashMap<>();
    if (labels != null && !labels.isEmpty()) {
      for (Map.Entry<String, ?> entry : labels.entrySet()) {
        String key = key(where, entry.getKey());
        Object value = entry.getValue();
        if (!(value instanceof String text) || text.isBlank()) {
          throw new IllegalArgumentException(
              where
                  + "."
                  + key
                  + ": a label's value must be a non-blank text, not "
                  + describe(value)
                  + "; use searchAttributes for numbers and booleans");
        }
        copy.put(key, InputRules.text(where + "." + key, text));
      }
    }
    return copy.isEmpty() ? Map.of() : Collections.unmodifiableMap(copy);
  }

  /** {@code attributes} (null: none) when every value is a text, a finite number or a boolean. */
  public static Map<String, Object> searchAttributes(String where, Map<String, ?> attributes) {
    Map<String, Object> copy = new LinkedHashMap<>();
    if (attributes != null && !attributes.isEmpty()) {
      for (Map.Entry<String, ?> entry : attributes.entrySet()) {
        String key = key(where, entry.getKey());
        Object value = entry.getValue();
        if (!isScalar(value)) {
          throw new IllegalArgumentException(
              where
                  + "."
                  + key
                  + ": a search attribute's value must be a text, a finite number or a boolean,"
                  + " not "
                  + describe(value)
                  + "; put structured values in the memo");
        }
        copy.put(
            key, value instanceof String text ? InputRules.text(where + "." + key, text) : value);
      }
    }
    return copy.isEmpty() ? Map.of() : Collections.unmodifiableMap(copy);
  }

  /** {@code memo} (null: none) when its keys are non-blank texts and its values JSON values. */
  public static Map<String, Object> memo(String where, Map<String, ?> memo) {
    Map<String, Object> copy = new LinkedHashMap<>();
    if (memo != null && !memo.isEmpty()) {
      for (Map.Entry<String, ?> entry : memo.entrySet()) {
        String key = key(where, entry.getKey());
        copy.put(key, JsonValues.checked(where + "." + key, entry.getValue()));
      }
    }
    return copy.isEmpty() ? Map.of() : Collections.unmodifiableMap(copy);
  }

  private static String key(String where, Object key) {
    if (!(key instanceof String text) || text.isBlank()) {
      throw new IllegalArgumentException(
          where + ": keys must be non-blank texts, not " + describe(key));
    }
    return InputRules.text("a key of " + where, text);
  }

  private static boolean isScalar(Object value) {
    if (value instanceof String || value instanceof Boolean) {
      return true;
    }
    if (value instanceof Double d) {
      return Double.isFinite(d);
    }
    if (value instanceof Float f) {
      return Float.isFinite(f);
    }
    return value instanceof Integer
        || value instanceof Long
        || value instanceof Short
        || value instanceof BigDecimal
        || value instanceof BigInteger;
  }

  private static String describe(Object value) {
    if (value == null) {
      return "null";
    }
    if (value instanceof String text) {
      return text.isBlank() ? "a blank text" : "'" + text + "'";
    }
    return value + " (a " + value.getClass().getSimpleName() + ")";
  }
}
