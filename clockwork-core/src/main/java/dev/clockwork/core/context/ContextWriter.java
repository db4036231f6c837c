package dev.clockwork.core.context;

import java.util.Arrays;

/**
 * Collects the context writes of one macrostep. It copies the context's arrays only when a write
 * needs to (copy on write), so a step that writes nothing allocates nothing and every {@link
 * Context} handed out stays immutable: the values on the first write after each {@link #current()},
 * the keys only when a key is added or removed (writing an existing key keeps the key array).
 */
public final class ContextWriter {
  private Context current;
  private String[] keys;
  private Object[] values;
  private int size;
  private boolean ownsKeys;
  private boolean ownsValues;

  public ContextWriter(Context base) {
    reset(base);
  }

  /**
   * Starts over from {@code base}, forgetting every write (a reused writer: the contexts it handed
   * out keep their arrays, which it never writes again).
   */
  public void reset(Context base) {
    this.current = base;
    this.keys = base.keyArray();
    this.values = base.valueArray();
    this.size = base.size();
    this.ownsKeys = false;
    this.ownsValues = false;
  }

  /** The context with every write so far. */
  public Context current() {
    if (ownsValues || ownsKeys) {
      current = Context.shared(keys, values, size);
      ownsKeys = false;
      ownsValues = false;
    }
    return current;
  }

  /** Sets a key to a JSON value (checked; collections are frozen). */
  public void set(String key, Object value) {
    Object checked = JsonValues.checked(key, value);
    int i = indexOf(key);
    if (i >= 0) {
      ownValues(size);
      values[i] = checked;
    } else {
      ownKeys(size + 1);
      ownValues(size + 1);
      keys[size] = key;
      values[size] = checked;
      size++;
    }
  }

  public void remove(String key) {
    int i = indexOf(key);
    if (i < 0) {
      return;
    }
    ownKeys(size);
    ownValues(size);
    System.arraycopy(keys, i + 1, keys, i, size - i - 1);
    System.arraycopy(values, i + 1, values, i, size - i - 1);
    size--;
    keys[size] = null;
    values[size] = null;
  }

  /** Makes the key array this writer's own, with room for {@code capacity} keys. */
  private void ownKeys(int capacity) {
    if (!ownsKeys || capacity > keys.length) {
      keys = Arrays.copyOf(keys, grown(capacity, ownsKeys ? keys.length : size));
      ownsKeys = true;
    }
  }

  /** Makes the value array this writer's own, with room for {@code capacity} values. */
  private void ownValues(int capacity) {
    if (!ownsValues || capacity > values.length) {
      values = Arrays.copyOf(values, grown(capacity, ownsValues ? values.length : size));
      ownsValues = true;
    }
  }

  /** Exactly the room needed for a first copy; doubling once the writer adds keys of its own. */
  private static int grown(int capacity, int current) {
    return capacity > current ? Math.max(capacity, Math.min(current * 2, current + 8)) : capacity;
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
