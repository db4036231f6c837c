package dev.clockwork.core.interpreter;

import dev.clockwork.core.definition.StateNode;
import java.util.Arrays;

/**
 * A small set of states kept in document order. Configurations and exit/entry sets hold a handful
 * of states, so a sorted array beats hashing and allocates nothing per lookup.
 */
final class StateList {
  private StateNode[] states;
  private int size;

  StateList(int capacity) {
    states = new StateNode[Math.max(capacity, 4)];
  }

  int size() {
    return size;
  }

  StateNode get(int i) {
    return states[i];
  }

  void clear() {
    Arrays.fill(states, 0, size, null);
    size = 0;
  }

  boolean contains(StateNode state) {
    return indexOf(state) >= 0;
  }

  /** True when the list holds {@code state} or one of its descendants. */
  boolean containsWithin(StateNode state) {
    for (int i = 0; i < size; i++) {
      if (states[i] == state || states[i].isDescendantOf(state)) {
        return true;
      }
    }
    return false;
  }

  /** Adds in document order; returns false when already present. */
  boolean add(StateNode state) {
    int at = 0;
    while (at < size && states[at].index() < state.index()) {
      at++;
    }
    if (at < size && states[at] == state) {
      return false;
    }
    if (size == states.length) {
      states = Arrays.copyOf(states, size * 2);
    }
    System.arraycopy(states, at, states, at + 1, size - at);
    states[at] = state;
    size++;
    return true;
  }

  private int indexOf(StateNode state) {
    for (int i = 0; i < size; i++) {
      if (states[i] == state) {
        return i;
      }
    }
    return -1;
  }
}
