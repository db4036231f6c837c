package dev.clockwork.runtime.store.memory;

import dev.clockwork.runtime.audit.OperatorAction;
import dev.clockwork.runtime.store.OperatorLogStore;
import java.util.ArrayList;
import java.util.List;

/**
 * The in-memory store's operator audit role, numbered in the order written, under the store's lock.
 */
final class MemoryOperatorLog implements OperatorLogStore {
  private final Object lock;
  private final List<OperatorAction> actions = new ArrayList<>();

  MemoryOperatorLog(Object lock) {
    this.lock = lock;
  }

  @Override
  public OperatorAction append(OperatorAction action) {
    synchronized (lock) {
      OperatorAction stored = action.withId(actions.size() + 1L);
      actions.add(stored);
      return stored;
    }
  }

  @Override
  public List<OperatorAction> list(long beforeId, int limit) {
    synchronized (lock) {
      List<OperatorAction> page = new ArrayList<>();
      int from = (int) Math.min(actions.size(), Math.max(0, beforeId - 1));
      for (int i = from - 1; i >= 0 && page.size() < limit; i--) {
        page.add(actions.get(i));
      }
      return page;
    }
  }
}
