package dev.clockwork.core.context;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Collects the context writes of one macrostep, copying the map only on the first write after each
 * read, so a step that writes nothing allocates nothing and every {@link Context} handed out stays
 * immutable.
 */
public final class ContextWriter {
  private Context current;
  private Map<String, Object> pending;

  public ContextWriter(Context base) {
    this.current = base;
  }

  /** The context with every write so far. */
  public Context current() {
    if (pending != null) {
      current = Context.trusted(pending);
      pending = null;
    }
    return current;
  }

  /** Sets a key to a JSON value (checked; collections are frozen). */
  public void set(String key, Object value) {
    Object checked = JsonValues.checked(key, value);
    mutable().put(key, checked);
  }

  public void remove(String key) {
    if (pending != null || current.has(key)) {
      mutable().remove(key);
    }
  }

  private Map<String, Object> mutable() {
    if (pending == null) {
      pending = new LinkedHashMap<>(current.asMap());
    }
    return pending;
  }
}
