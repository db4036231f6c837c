package dev.clockwork.definition;

import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.interpreter.Effect;
import java.util.List;
import java.util.function.Function;

/** What a {@link FieldCase} observes of a machine it drives with {@link Drive}. */
final class Observe {
  private Observe() {}

  /** Drives the machine through {@code events} (a {@code fire:E} fires E's timer). */
  static Drive drive(MachineDefinition m, String... events) {
    Drive drive = Drive.start(m);
    for (String event : events) {
      if (event.startsWith("fire:")) {
        drive.fire(event.substring(5));
      } else {
        drive.send(event);
      }
    }
    return drive;
  }

  /** The active states after {@code events}. */
  static Function<MachineDefinition, Object> states(String... events) {
    return m -> drive(m, events).value();
  }

  /** The context value of {@code key} after {@code events}. */
  static Function<MachineDefinition, Object> context(String key, String... events) {
    return m -> String.valueOf(drive(m, events).context(key));
  }

  /** When the timer of {@code event} is due, after the other {@code events}. */
  static Function<MachineDefinition, Object> due(String event, String... events) {
    return m -> drive(m, events).timer(event).due().toString();
  }

  /** The events of the timers armed after {@code events}. */
  static Function<MachineDefinition, Object> armed(String... events) {
    return m -> drive(m, events).snapshot().timers().stream().map(t -> t.event()).toList();
  }

  /** The effects of {@code type} of the last step, after {@code events}. */
  static Function<MachineDefinition, Object> effects(
      Class<? extends Effect> type, String... events) {
    return m -> {
      List<Effect> effects = drive(m, events).last().effects();
      return effects.stream().filter(type::isInstance).map(Object::toString).toList();
    };
  }

  /** The child machines started by the last step, each as {@code <machine> <input>}. */
  static Function<MachineDefinition, Object> children(String... events) {
    return m ->
        drive(m, events).last().effects().stream()
            .filter(Effect.ChildStarted.class::isInstance)
            .map(e -> ((Effect.ChildStarted) e).machine() + " " + ((Effect.ChildStarted) e).input())
            .toList();
  }
}
