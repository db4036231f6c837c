package dev.clockwork.core.interpreter;

import dev.clockwork.core.definition.StateNode;
import java.util.Arrays;

/**
 * A small set of states kept in document order: a microstep's entry set. It holds a handful of
 * states, so a sorted array beats hashing and allocates nothing per lookup; most entry sets hold
 * one state, which is kept in a field, and only a second makes an array.
 */
final class StateList {
  private StateNode first;
  private StateNode[] rest;
  private int size;

  int size() {
    return size;
  }

  StateNode get(int i) {
    return i == 0 ? first : rest[i - 1];
  }

  private void set(int i, StateNode state) {
    if (i == 0) {
      first = state;
    } else {
      rest[i - 1] = state;
    }
  }

  void clear() {
    first = null;
    if (rest != null) {
      Arrays.fill(rest, 0, Math.max(0, size - 1), null);
    }
    size = 0;
  }

  boolean contains(StateNode state) {
    for (int i = 0; i < size; i++) {
      if (get(i) == state) {
        return true;
      }
    }
    return false;
  }

  /** True when the list holds {@code state} or one of its descendants. */
  boolean containsWithin(StateNode state) {
    for (int i = 0; i < size; i++) {
      StateNode held = get(i);
      if (held == state || held.isDescendantOf(state)) {
        return true;
      }
    }
    return false;
  }

  /** Adds in document order; returns false when already present. */
  boolean add(StateNode state) {
    int at = 0;
    while (at < size && get(at).index() < state.index()) {
      at++;
    }
    if (at < size && get(at) == state) {
      return false;
    }
    if (size > 0 && (rest == null || size > rest.length)) {
      rest = rest == null ? new StateNode[2] : Arrays.copyOf(rest, rest.length * 2);
    }
    for (int i = size; i > at; i--) {
      set(i, get(i - 1));
    }
    set(at, state);
    size++;
    return true;
  }
}
