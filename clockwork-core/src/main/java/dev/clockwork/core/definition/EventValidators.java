package dev.clockwork.core.definition;

import dev.clockwork.core.InvalidDefinitionException;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Checks a machine's payload validators when it is built: one per event, for known events only. */
final class EventValidators {
  private EventValidators() {}

  static Map<String, EventValidator> checked(
      MachineBuilder machine, List<StateNode> states, Map<String, TimerDef> timers) {
    String id = machine.name;
    if (!machine.repeatedValidators.isEmpty()) {
      String event = machine.repeatedValidators.get(0);
      throw new InvalidDefinitionException(
          id + ".validate." + event,
          "event '" + event + "' has two validators; combine them into one");
    }
    Set<String> known = new HashSet<>();
    for (StateNode state : states) {
      known.addAll(state.on.keySet());
    }
    for (TimerDef timer : timers.values()) {
      if (timer.then() != null) {
        known.add(timer.then());
      }
    }
    for (String event : machine.validators.keySet()) {
      if (!known.contains(event)) {
        throw new InvalidDefinitionException(
            id + ".validate." + event,
            "no transition takes event '"
                + event
                + "', so its validator would never run; validate one of "
                + known.stream().filter(e -> !e.startsWith("@")).sorted().toList());
      }
    }
    return Map.copyOf(machine.validators);
  }
}
