package dev.clockwork.core.interpreter;

import dev.clockwork.core.definition.ChildEvents;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.definition.StateNode;
import dev.clockwork.core.event.Event;
import java.util.Optional;

/**
 * Drops a child's outcome ({@code @done…}, {@code @fail}) that arrives after the parent left the
 * state entry that started the child: the outcome names that entry in its payload.
 */
final class ChildOutcomeFence {
  private ChildOutcomeFence() {}

  /** Why the event is stale, or null when it may be applied. */
  static String staleReason(MachineDefinition definition, Configuration config, Event event) {
    if (!ChildEvents.isChildOutcome(event.type())) {
      return null;
    }
    Object statePath = event.payload().get(ChildEvents.PARENT_STATE);
    Object entryId = event.payload().get(ChildEvents.PARENT_ENTRY);
    if (!(statePath instanceof String) || !(entryId instanceof Number)) {
      return null;
    }
    Optional<StateNode> state = definition.find((String) statePath);
    ActiveState active = state.map(config::find).orElse(null);
    if (active == null || active.entryId() != ((Number) entryId).longValue()) {
      return "the state entry " + statePath + "@" + entryId + " that ran the child is gone";
    }
    return null;
  }
}
