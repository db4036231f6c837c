package dev.clockwork.core.context;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * The data of one machine instance: an immutable map from keys to JSON values (strings, numbers,
 * booleans, null, lists and maps of those), in insertion order. Guards read it; actions write it
 * through their {@code ActionScope}; each write makes a new context, the old one never changes.
 *
 * <p>Kept as two small arrays rather than a hash map: contexts are small and copied on every write,
 * and an array copy costs a fraction of a map copy.
 */
public final class Context {
  private static final Context EMPTY = new Context(new String[0], new Object[0], 0);

  private final String[] keys;
  private final Object[] values;
  private final int size;
  private Map<String, Object> view;

  private Context(String[] keys, Object[] values, int size) {
    this.keys = keys;
    this.values = values;
    this.size = size;
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
    String[] keys = new String[values.size()];
    Object[] checked = new Object[values.size()];
    int i = 0;
    for (Map.Entry<String, ?> entry : values.entrySet()) {
      keys[i] = entry.getKey();
      checked[i] = JsonValues.checked(entry.getKey(), entry.getValue());
      i++;
    }
    return new Context(keys, checked, i);
  }

  /** Wraps arrays a {@link ContextWriter} promises never to change again. */
  static Context shared(String[] keys, Object[] values, int size) {
    return size == 0 ? EMPTY : new Context(keys, values, size);
  }

  String[] keyArray() {
    return keys;
  }

  Object[] valueArray() {
    return values;
  }

  int indexOf(String key) {
    for (int i = 0; i < size; i++) {
      if (keys[i].equals(key)) {
        return i;
      }
    }
    return -1;
  }

  /** The value under {@code key}, or null. */
  public Object get(String key) {
    int i = indexOf(key);
    return i < 0 ? null : values[i];
  }

  public boolean has(String key) {
    return indexOf(key) >= 0;
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

  /**
   * The string under {@code key}; a clear error naming the key when it is absent or holds something
   * else (for a value an instance cannot do without, e.g. an order id given at creation).
   */
  public String requireString(String key) {
    return required(key, getString(key), "a string");
  }

  /**
   * The number under {@code key} as a long; a clear error naming the key when it is absent or holds
   * something else.
   */
  public long requireLong(String key) {
    return required(key, as(key, Number.class), "a number").longValue();
  }

  private static <T> T required(String key, T value, String what) {
    if (value == null) {
      throw new IllegalStateException(
          "context key '"
              + key
              + "' is missing: it must hold "
              + what
              + " (give it in the instance's context when it is created, or set it before this"
              + " action runs)");
    }
    return value;
  }

  private <T> T as(String key, Class<T> type) {
    Object value = get(key);
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

  /** A read-only view of every key and value, in insertion order. */
  public Map<String, Object> asMap() {
    if (view == null) {
      view = new View();
    }
    return view;
  }

  /** A new context with {@code key} set to {@code value}. */
  public Context with(String key, Object value) {
    ContextWriter writer = new ContextWriter(this);
    writer.set(key, value);
    return writer.current();
  }

  public int size() {
    return size;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof Context && ((Context) other).asMap().equals(asMap());
  }

  @Override
  public int hashCode() {
    return asMap().hashCode();
  }

  @Override
  public String toString() {
    return asMap().toString();
  }

  /** The map view: no copying, entries made as they are iterated. */
  private final class View extends AbstractMap<String, Object> {
    @Override
    public Object get(Object key) {
      return key instanceof String ? Context.this.get((String) key) : null;
    }

    @Override
    public boolean containsKey(Object key) {
      return key instanceof String && indexOf((String) key) >= 0;
    }

    @Override
    public int size() {
      return size;
    }

    @Override
    public Set<Entry<String, Object>> entrySet() {
      return new AbstractSet<>() {
        @Override
        public Iterator<Entry<String, Object>> iterator() {
          return new Iterator<>() {
            private int next;

            @Override
            public boolean hasNext() {
              return next < size;
            }

            @Override
            public Entry<String, Object> next() {
              if (next >= size) {
                throw new NoSuchElementException();
              }
              int i = next++;
              return new SimpleImmutableEntry<>(keys[i], values[i]);
            }
          };
        }

        @Override
        public int size() {
          return size;
        }
      };
    }
  }
}
