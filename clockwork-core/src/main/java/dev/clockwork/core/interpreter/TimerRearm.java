package dev.clockwork.core.interpreter;

import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.definition.ParallelEvents;
import dev.clockwork.core.definition.TimerDef;
import java.time.Instant;
import java.util.Optional;

/**
 * Moves the armed timers of a snapshot restored under a newer definition onto that definition: a
 * timer that has not fired yet in its state entry gets the due time the new definition gives it, a
 * timer the new definition no longer has is cancelled. Timers that already fired keep their
 * schedule, and so do timers whose fire failed for good (they wait for an operator's retry).
 */
final class TimerRearm {
  private TimerRearm() {}

  static void rearm(Macrostep step) {
    MachineDefinition definition = step.definition();
    TimerBook timers = step.timers();
    for (int i = timers.size() - 1; i >= 0; i--) {
      ArmedTimer armed = timers.get(i);
      if (armed.failed() || ParallelEvents.isTimeoutKey(armed.key())) {
        continue;
      }
      Optional<TimerDef> def = definition.timer(armed.key());
      if (def.isEmpty()) {
        step.effect(new Effect.TimerCancelled(timers.remove(i)));
      } else if (armed.fires() == 0 && !armed.thenPhase() && !def.get().isComputed()) {
        Optional<Instant> due = def.get().spec().firstDue(armed.enteredAt());
        if (due.isEmpty()) {
          step.effect(new Effect.TimerCancelled(timers.remove(i)));
        } else if (!due.get().equals(armed.due())) {
          ArmedTimer moved =
              new ArmedTimer(
                  armed.key(),
                  armed.event(),
                  armed.entryId(),
                  armed.enteredAt(),
                  due.get(),
                  0,
                  false,
                  armed.value());
          timers.set(i, moved);
          step.effect(new Effect.TimerArmed(moved));
        }
      }
    }
  }
}
