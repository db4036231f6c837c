package dev.clockwork.core.context;

import java.util.Arrays;

/**
 * Collects the context writes of one macrostep. It copies the context's arrays on the first write
 * after each {@link #current()} (copy on write), so a step that writes nothing allocates nothing
 * and every {@link Context} handed out stays immutable.
 */
public final class ContextWriter {
  private Context current;
  private String[] keys;
  private Object[] values;
  private int size;
  private boolean owned;

  public ContextWriter(Context base) {
    this.current = base;
  }

  /** The context with every write so far. */
  public Context current() {
    if (owned) {
      current = Context.shared(keys, values, size);
      owned = false;
    }
    return current;
  }

  /** Sets a key to a JSON value (checked; collections are frozen). */
  public void set(String key, Object value) {
    Object checked = JsonValues.checked(key, value);
    own(1);
    int i = indexOf(key);
    if (i >= 0) {
      values[i] = checked;
    } else {
      keys[size] = key;
      values[size] = checked;
      size++;
    }
  }

  public void remove(String key) {
    if (!owned && !current.has(key)) {
      return;
    }
    own(0);
    int i = indexOf(key);
    if (i >= 0) {
      System.arraycopy(keys, i + 1, keys, i, size - i - 1);
      System.arraycopy(values, i + 1, values, i, size - i - 1);
      size--;
      keys[size] = null;
      values[size] = null;
    }
  }

  /** Makes the arrays this writer's own, with room for {@code extra} more keys. */
  private void own(int extra) {
    if (owned) {
      if (size + extra > keys.length) {
        keys = Arrays.copyOf(keys, Math.max(4, keys.length * 2));
        values = Arrays.copyOf(values, keys.length);
      }
      return;
    }
    int from = current.size();
    int capacity = from + Math.max(extra, 2);
    keys = Arrays.copyOf(current.keyArray(), capacity);
    values = Arrays.copyOf(current.valueArray(), capacity);
    size = from;
    owned = true;
  }

  private int indexOf(String key) {
    for (int i = 0; i < size; i++) {
      if (keys[i].equals(key)) {
        return i;
      }
    }
    return -1;
  }
}
