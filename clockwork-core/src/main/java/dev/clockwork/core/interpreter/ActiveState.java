package dev.clockwork.core.interpreter;

import dev.clockwork.core.definition.StateNode;
import java.time.Instant;

/**
 * A state that is active, with the entry that made it so: {@code entryId} is unique per instance
 * and fences timers (a fire armed by an older entry is dropped); {@code enteredAt} anchors them.
 */
public record ActiveState(StateNode state, long entryId, Instant enteredAt) {
  public String path() {
    return state.path();
  }
}
