package dev.clockwork.core.interpreter;

import dev.clockwork.core.definition.StateNode;
import dev.clockwork.core.definition.TimerDef;
import dev.clockwork.core.definition.TransitionDef;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.event.TimerFire;
import dev.clockwork.core.time.TimeSpec;
import java.time.Instant;
import java.util.Optional;

/**
 * Applies one timer fire: fenced by the state entry and the due instant (a stale, early or repeated
 * fire is dropped and reported), counted whatever the guards say, re-armed for its next due, or
 * switched to its {@code then} phase after the last allowed fire.
 */
final class TimerFiring {
  private final Macrostep step;

  TimerFiring(Macrostep step) {
    this.step = step;
  }

  boolean fire(Event event) {
    TimerFire fire = event.timer();
    TimerBook timers = step.timers();
    int i = timers.indexOf(fire.key(), fire.entryId());
    if (i < 0) {
      return drop(fire, event, "its state entry " + fire.entryId() + " is no longer active");
    }
    ArmedTimer armed = timers.get(i);
    Instant now = step.now();
    if (!armed.due().equals(fire.due())) {
      return drop(fire, event, "it was due at " + fire.due() + " but is now due at " + armed.due());
    }
    if (now.isBefore(armed.due())) {
      return drop(fire, event, "it is not due before " + armed.due());
    }
    Optional<TimerDef> found = step.definition().timer(fire.key());
    if (found.isEmpty()) {
      timers.remove(i);
      return drop(fire, event, "version " + step.definition().version() + " has no such timer");
    }
    TimerDef def = found.get();
    if (armed.thenPhase()) {
      timers.remove(i);
      step.effect(new Effect.TimerFired(armed, now));
      step.setEvent(Event.of(armed.event()));
      return step.selectAndRun();
    }
    int fires = armed.fires() + 1;
    TimeSpec spec = TimerBook.specOf(def, armed);
    ArmedTimer fired = copy(armed, armed.event(), armed.due(), fires, false);
    if (fires < Math.min(def.maxFires(), spec.maxFires())) {
      Optional<Instant> next = spec.nextDue(armed.enteredAt(), armed.due(), now, fires);
      rearm(i, next.map(due -> copy(armed, armed.event(), due, fires, false)).orElse(null));
    } else if (def.then() != null) {
      Instant due = spec.nextDue(armed.enteredAt(), armed.due(), now, fires).orElse(now);
      rearm(i, copy(armed, def.then(), due, fires, true));
    } else {
      timers.remove(i);
    }
    step.markChanged();
    step.effect(new Effect.TimerFired(fired, now));
    StateNode source = step.definition().state(armed.statePath());
    TransitionDef transition = source.transition(def.event());
    if (transition != null && step.selection().selectOnly(transition)) {
      step.microstep();
    }
    return true;
  }

  private void rearm(int i, ArmedTimer next) {
    if (next == null) {
      step.timers().remove(i);
      return;
    }
    step.timers().set(i, next);
    step.effect(new Effect.TimerArmed(next));
  }

  private boolean drop(TimerFire fire, Event event, String reason) {
    step.effect(new Effect.TimerDropped(fire, event.type(), reason));
    return false;
  }

  private static ArmedTimer copy(
      ArmedTimer armed, String event, Instant due, int fires, boolean thenPhase) {
    return new ArmedTimer(
        armed.key(),
        event,
        armed.entryId(),
        armed.enteredAt(),
        due,
        fires,
        thenPhase,
        armed.value());
  }
}
