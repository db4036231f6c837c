package dev.clockwork.runtime.store.memory;

import dev.clockwork.runtime.audit.OperatorAction;
import dev.clockwork.runtime.store.OperatorLogStore;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The in-memory store's operator audit role, numbered in the order written, under the store's lock.
 */
final class MemoryOperatorLog implements OperatorLogStore {
  private final Object lock;
  private final TreeMap<Long, OperatorAction> actions = new TreeMap<>();
  private long lastId;

  MemoryOperatorLog(Object lock) {
    this.lock = lock;
  }

  @Override
  public OperatorAction append(OperatorAction action) {
    synchronized (lock) {
      OperatorAction stored = action.withId(++lastId);
      actions.put(stored.id(), stored);
      return stored;
    }
  }

  @Override
  public List<OperatorAction> list(String namespace, long beforeId, int limit) {
    synchronized (lock) {
      List<OperatorAction> page = new ArrayList<>();
      for (OperatorAction action : actions.headMap(beforeId, false).descendingMap().values()) {
        if (page.size() >= limit) {
          break;
        }
        if (namespace == null || namespace.equals(action.namespace())) {
          page.add(action);
        }
      }
      return page;
    }
  }

  /** Removes up to {@code limit} entries written before {@code before}, oldest first. */
  int purge(Instant before, int limit) {
    synchronized (lock) {
      int removed = 0;
      Iterator<Map.Entry<Long, OperatorAction>> oldest = actions.entrySet().iterator();
      while (oldest.hasNext() && removed < limit) {
        if (oldest.next().getValue().at().isBefore(before)) {
          oldest.remove();
          removed++;
        }
      }
      return removed;
    }
  }

  /** When each entry was written. */
  List<Instant> writtenAt() {
    synchronized (lock) {
      return actions.values().stream().map(OperatorAction::at).toList();
    }
  }
}
