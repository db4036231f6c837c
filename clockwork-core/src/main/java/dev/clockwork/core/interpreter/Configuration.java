package dev.clockwork.core.interpreter;

import dev.clockwork.core.definition.StateKind;
import dev.clockwork.core.definition.StateNode;
import java.util.Arrays;

/**
 * The active states of an instance while a macrostep changes them, in document order. It reads the
 * snapshot's array until the first change, then works on a copy of it (copy on write), which
 * becomes the next snapshot's array when its length fits.
 */
final class Configuration {
  private static final ActiveState[] NONE = new ActiveState[0];

  private ActiveState[] active = NONE;
  private int size;
  private boolean owned;

  /** Starts over from a snapshot's array (read, not written), or {@code NONE} to hold nothing. */
  void reset(ActiveState[] initial) {
    active = initial;
    size = initial.length;
    owned = false;
  }

  void clear() {
    reset(NONE);
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
    own(size + 1);
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
    own(size);
    System.arraycopy(active, i + 1, active, i, size - i - 1);
    active[--size] = null;
  }

  /** Makes the array this configuration's own, with room for {@code capacity} states. */
  private void own(int capacity) {
    if (!owned) {
      active = Arrays.copyOf(active, Math.max(capacity, size));
      owned = true;
    } else if (capacity > active.length) {
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

  /** The active states as an array no one changes any more: the working one when it fits. */
  ActiveState[] toArray() {
    if (size != active.length) {
      return Arrays.copyOf(active, size);
    }
    owned = false; // handed out: a later change copies it
    return active;
  }
}
