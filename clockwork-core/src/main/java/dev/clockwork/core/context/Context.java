package dev.clockwork.core.context;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The data of one machine instance: an immutable map from keys to JSON values (strings, numbers,
 * booleans, null, lists and maps of those). Guards read it; actions write it through their {@code
 * ActionScope}; each write makes a new context, the old one never changes.
 */
public final class Context {
  private static final Context EMPTY = new Context(Map.of());

  private final Map<String, Object> values;

  private Context(Map<String, Object> values) {
    this.values = values;
  }

  /** The empty context. */
  public static Context empty() {
    return EMPTY;
  }

  /**
   * A context holding a copy of {@code values}.
   *
   * @throws IllegalArgumentException naming the key whose value is not JSON-serialisable
   */
  public static Context of(Map<String, ?> values) {
    if (values == null || values.isEmpty()) {
      return EMPTY;
    }
    Map<String, Object> copy = new LinkedHashMap<>(values.size() * 2);
    values.forEach((key, value) -> copy.put(key, JsonValues.checked(key, value)));
    return new Context(Collections.unmodifiableMap(copy));
  }

  /** Wraps a map the caller promises never to change again, after its values were checked. */
  static Context trusted(Map<String, Object> checkedValues) {
    return checkedValues.isEmpty()
        ? EMPTY
        : new Context(Collections.unmodifiableMap(checkedValues));
  }

  /** The value under {@code key}, or null. */
  public Object get(String key) {
    return values.get(key);
  }

  public boolean has(String key) {
    return values.containsKey(key);
  }

  /** The string under {@code key}, or null; a clear error when it holds something else. */
  public String getString(String key) {
    return as(key, String.class);
  }

  /** The boolean under {@code key}; false when absent. */
  public boolean getBoolean(String key) {
    Boolean value = as(key, Boolean.class);
    return value != null && value;
  }

  /** The number under {@code key} as a long; {@code fallback} when absent. */
  public long getLong(String key, long fallback) {
    Number value = as(key, Number.class);
    return value == null ? fallback : value.longValue();
  }

  /** The number under {@code key} as a double; {@code fallback} when absent. */
  public double getDouble(String key, double fallback) {
    Number value = as(key, Number.class);
    return value == null ? fallback : value.doubleValue();
  }

  private <T> T as(String key, Class<T> type) {
    Object value = values.get(key);
    if (value == null || type.isInstance(value)) {
      return type.cast(value);
    }
    throw new ClassCastException(
        "context key '"
            + key
            + "' holds a "
            + value.getClass().getSimpleName()
            + " ("
            + value
            + "), not a "
            + type.getSimpleName());
  }

  /** A read-only view of every key and value. */
  public Map<String, Object> asMap() {
    return values;
  }

  /** A new context with {@code key} set to {@code value}. */
  public Context with(String key, Object value) {
    Map<String, Object> copy = new LinkedHashMap<>(values);
    copy.put(key, JsonValues.checked(key, value));
    return new Context(Collections.unmodifiableMap(copy));
  }

  public int size() {
    return values.size();
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof Context && ((Context) other).values.equals(values);
  }

  @Override
  public int hashCode() {
    return Objects.hash(values);
  }

  @Override
  public String toString() {
    return values.toString();
  }
}
