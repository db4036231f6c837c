package dev.clockwork.runtime.store.memory;

import dev.clockwork.runtime.audit.OperatorAction;
import java.util.ArrayList;
import java.util.List;

/**
 * The in-memory store's operator audit, numbered in the order written. Not thread-safe: the store
 * calls it under its own lock.
 */
final class MemoryOperatorLog {
  private final List<OperatorAction> actions = new ArrayList<>();

  OperatorAction append(OperatorAction action) {
    OperatorAction stored = action.withId(actions.size() + 1L);
    actions.add(stored);
    return stored;
  }

  /** Up to {@code limit} actions with an id below {@code beforeId}, newest first. */
  List<OperatorAction> latest(long beforeId, int limit) {
    List<OperatorAction> page = new ArrayList<>();
    int from = (int) Math.min(actions.size(), Math.max(0, beforeId - 1));
    for (int i = from - 1; i >= 0 && page.size() < limit; i--) {
      page.add(actions.get(i));
    }
    return page;
  }
}
