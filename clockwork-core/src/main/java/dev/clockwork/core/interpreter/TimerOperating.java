package dev.clockwork.core.interpreter;

import dev.clockwork.core.event.Event;
import dev.clockwork.core.event.TimerFire;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Applies a {@link TimerOperation} inside a macrostep. A moved timer keeps its state entry and its
 * count, so its old fire is fenced off (due no longer matches) and it still fires at most once per
 * entry, never before its new due; a repeating timer goes on from the moved fire. Firing now runs
 * the fire as the workers would; cancelling removes the timer.
 */
final class TimerOperating {
  private final Macrostep step;

  TimerOperating(Macrostep step) {
    this.step = step;
  }

  /**
   * @throws IllegalArgumentException when no armed timer, or more than one, is named
   */
  boolean apply(TimerOperation operation) {
    TimerBook timers = step.timers();
    int i = find(timers, operation);
    ArmedTimer armed = timers.get(i);
    Instant now = step.now();
    switch (operation.kind()) {
      case CANCEL -> {
        timers.remove(i);
        step.markChanged();
        step.effect(new Effect.TimerCancelled(armed));
        step.effect(new Effect.TimerOperated(operation, armed, null, now));
        return true;
      }
      case RESCHEDULE, EXTEND -> {
        Instant due =
            operation.kind() == TimerOperation.Kind.RESCHEDULE
                ? operation.to()
                : armed.due().plus(operation.by());
        ArmedTimer moved = moved(armed, due);
        timers.set(i, moved);
        step.markChanged();
        step.effect(new Effect.TimerArmed(moved));
        step.effect(new Effect.TimerOperated(operation, armed, moved, now));
        return true;
      }
      case FIRE -> {
        ArmedTimer due = moved(armed, now);
        timers.set(i, due);
        step.markChanged();
        step.effect(new Effect.TimerOperated(operation, armed, due, now));
        Event fire = Event.timerFire(due.event(), new TimerFire(due.key(), due.entryId(), now));
        step.setEvent(fire);
        return new TimerFiring(step).fire(fire);
      }
      default -> throw new IllegalStateException("unknown operation " + operation.kind());
    }
  }

  private static ArmedTimer moved(ArmedTimer armed, Instant due) {
    return new ArmedTimer(
        armed.key(),
        armed.event(),
        armed.entryId(),
        armed.enteredAt(),
        due,
        armed.fires(),
        armed.thenPhase(),
        armed.value(),
        false);
  }

  private static int find(TimerBook timers, TimerOperation operation) {
    int found = -1;
    List<String> armed = new ArrayList<>();
    for (int i = 0, n = timers.size(); i < n; i++) {
      ArmedTimer timer = timers.get(i);
      armed.add(timer.key());
      if (operation.names(timer)) {
        if (found >= 0) {
          throw new IllegalArgumentException(
              "two armed timers send "
                  + operation.timer()
                  + ": name one by its key, one of "
                  + armed.stream().filter(k -> k.endsWith("#" + operation.timer())).toList());
        }
        found = i;
      }
    }
    if (found < 0) {
      throw new IllegalArgumentException(
          "the instance has no armed timer '"
              + operation.timer()
              + "' (it fired, or its state was left); armed now: "
              + armed);
    }
    return found;
  }
}
