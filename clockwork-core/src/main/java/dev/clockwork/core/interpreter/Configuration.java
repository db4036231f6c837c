package dev.clockwork.core.interpreter;

import dev.clockwork.core.definition.StateKind;
import dev.clockwork.core.definition.StateNode;
import java.util.Arrays;

/** The active states of an instance while a macrostep changes them, in document order. */
final class Configuration {
  private ActiveState[] active;
  private int size;

  Configuration(ActiveState[] initial) {
    active = Arrays.copyOf(initial, Math.max(initial.length + 2, 4));
    size = initial.length;
  }

  int size() {
    return size;
  }

  ActiveState get(int i) {
    return active[i];
  }

  ActiveState find(StateNode state) {
    for (int i = 0; i < size; i++) {
      if (active[i].state() == state) {
        return active[i];
      }
    }
    return null;
  }

  boolean isActive(StateNode state) {
    return find(state) != null;
  }

  void add(ActiveState entry) {
    int index = entry.state().index();
    int at = 0;
    while (at < size && active[at].state().index() < index) {
      at++;
    }
    if (size == active.length) {
      active = Arrays.copyOf(active, size * 2);
    }
    System.arraycopy(active, at, active, at + 1, size - at);
    active[at] = entry;
    size++;
  }

  void remove(StateNode state) {
    for (int i = 0; i < size; i++) {
      if (active[i].state() == state) {
        System.arraycopy(active, i + 1, active, i, size - i - 1);
        active[--size] = null;
        return;
      }
    }
  }

  /**
   * SCXML isInFinalState: an active final state, a compound with an active final child, or a
   * parallel all of whose regions are in a final state.
   */
  boolean isInFinalState(StateNode state) {
    if (state.kind() == StateKind.FINAL) {
      return isActive(state);
    }
    if (state.kind() == StateKind.COMPOUND) {
      for (StateNode child : state.children()) {
        if (child.kind() == StateKind.FINAL && isActive(child)) {
          return true;
        }
      }
      return false;
    }
    if (state.kind() == StateKind.PARALLEL) {
      for (StateNode child : state.children()) {
        if (!isInFinalState(child)) {
          return false;
        }
      }
      return true;
    }
    return false;
  }

  ActiveState[] toArray() {
    return Arrays.copyOf(active, size);
  }
}
