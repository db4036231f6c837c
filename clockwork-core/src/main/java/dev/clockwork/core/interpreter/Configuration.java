package dev.clockwork.core.interpreter;

import dev.clockwork.core.definition.StateKind;
import dev.clockwork.core.definition.StateNode;
import java.util.Arrays;

/**
 * The active states of an instance while a macrostep changes them, in document order, in an array
 * of its own that a reused macrostep keeps from step to step; the next snapshot copies them (see
 * {@link Snapshot}).
 */
final class Configuration {
  private ActiveState[] active = new ActiveState[4];
  private int size;

  /** Starts over from a snapshot's active states. */
  void reset(Snapshot snapshot) {
    int count = snapshot.activeCount();
    room(count);
    for (int i = 0; i < count; i++) {
      active[i] = snapshot.active(i);
    }
    size = count;
  }

  int size() {
    return size;
  }

  /** The working array: the first {@link #size} entries are the active states. */
  ActiveState[] array() {
    return active;
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
    room(size + 1);
    System.arraycopy(active, at, active, at + 1, size - at);
    active[at] = entry;
    size++;
  }

  void remove(StateNode state) {
    for (int i = 0; i < size; i++) {
      if (active[i].state() == state) {
        remove(i);
        return;
      }
    }
  }

  void remove(int i) {
    System.arraycopy(active, i + 1, active, i, size - i - 1);
    active[--size] = null;
  }

  private void room(int capacity) {
    if (capacity > active.length) {
      active = Arrays.copyOf(active, Math.max(capacity, active.length * 2));
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
}
