package dev.clockwork.core.interpreter;

import dev.clockwork.core.definition.ParallelEvents;
import dev.clockwork.core.definition.StateNode;
import dev.clockwork.core.definition.TimerDef;
import dev.clockwork.core.definition.TransitionDef;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.event.TimerFire;
import java.time.Instant;
import java.util.Optional;

/**
 * Applies one timer fire: fenced by the state entry and the due instant (a stale, early or repeated
 * fire is dropped and reported), counted whatever the guards say, and advanced by {@link
 * TimerAdvance}. A fire can also be skipped (it failed for good): it is fenced and counted the same
 * way, but no transition runs, and a timer the fire would have removed stays, marked failed.
 */
final class TimerFiring {
  private final Macrostep step;
  private final TimerBook timers;
  private TimerDef def;

  TimerFiring(Macrostep step) {
    this.step = step;
    this.timers = step.timers();
  }

  /** Applies the fire and runs its transition; false when it is dropped or no guard passes. */
  boolean fire(Event event) {
    int i = matching(event.timer(), event.type());
    if (i < 0) {
      return false;
    }
    ArmedTimer armed = timers.get(i);
    if (ParallelEvents.isTimeoutKey(armed.key())) {
      timers.remove(i);
      step.markChanged();
      step.effect(new Effect.TimerFired(armed, step.now()));
      step.regions().timedOut(armed);
      return true;
    }
    ArmedTimer fired;
    Optional<OverdueCatchUp> overdue =
        armed.failed() ? Optional.empty() : OverdueCatchUp.of(def, armed, step.now());
    if (overdue.isPresent()) {
      return catchUp(i, overdue.get());
    }
    if (armed.failed()) {
      // An operator retried the dead-lettered fire: it was counted when it was skipped.
      fired = armed;
      timers.remove(i);
    } else {
      TimerAdvance advance = TimerAdvance.of(def, armed, step.now());
      fired = advance.fired();
      if (advance.next() == null) {
        timers.remove(i);
      } else {
        rearm(i, advance.next());
      }
    }
    step.markChanged();
    step.effect(new Effect.TimerFired(fired, step.now()));
    if (armed.thenPhase()) {
      step.setEvent(Event.of(armed.event()));
      return step.selectAndRun();
    }
    StateNode source = step.definition().state(armed.statePath());
    TransitionDef transition = source.transition(def.event());
    if (transition != null && step.selection().selectOnly(transition)) {
      step.microstep();
    }
    return true;
  }

  /**
   * Applies an overdue timer's policy: records the fires it did not run, re-arms it on its rhythm,
   * and runs the transition once for a {@code fire_once} catch-up.
   */
  private boolean catchUp(int i, OverdueCatchUp catchUp) {
    if (catchUp.next() == null) {
      timers.remove(i);
    } else {
      rearm(i, catchUp.next());
    }
    step.markChanged();
    if (catchUp.skipped() > 0) {
      step.effect(
          new Effect.TimerSkipped(
              catchUp.counted(), catchUp.missed(), catchUp.skipped(), step.now()));
    }
    if (!catchUp.runs()) {
      return true;
    }
    step.effect(new Effect.TimerFired(catchUp.counted(), step.now()));
    StateNode source = step.definition().state(catchUp.counted().statePath());
    TransitionDef transition = source.transition(def.event());
    if (transition != null && step.selection().selectOnly(transition)) {
      step.microstep();
    }
    return true;
  }

  /**
   * Moves the timer on as if the fire had been applied, without running anything; a timer the fire
   * would have removed is kept, marked failed. False when the fire is dropped.
   */
  boolean skip(TimerFire fire) {
    int i = matching(fire, eventOf(fire));
    if (i < 0) {
      return false;
    }
    ArmedTimer armed = timers.get(i);
    if (ParallelEvents.isTimeoutKey(armed.key())) {
      timers.remove(i);
      step.markChanged();
      return true;
    }
    if (armed.failed()) {
      return true;
    }
    TimerAdvance advance = TimerAdvance.of(def, armed, step.now());
    if (advance.next() == null) {
      timers.set(i, advance.fired().asFailed());
    } else {
      rearm(i, advance.next());
    }
    step.markChanged();
    return true;
  }

  /** The index of the armed timer the fire is for, or -1 once the fire is dropped and reported. */
  private int matching(TimerFire fire, String event) {
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
    if (ParallelEvents.isTimeoutKey(fire.key())) {
      return i; // armed by parallel dispatch, not by a definition
    }
    def = step.definition().timer(fire.key()).orElse(null);
    if (def == null) {
      timers.remove(i);
      return drop(fire, event, "version " + step.definition().version() + " has no such timer");
    }
    return i;
  }

  private void rearm(int i, ArmedTimer next) {
    timers.set(i, next);
    step.effect(new Effect.TimerArmed(next));
  }

  private int drop(TimerFire fire, String event, String reason) {
    step.effect(new Effect.TimerDropped(fire, event, reason));
    return -1;
  }

  /** The event a fire sends: its armed timer's, or the one its key names. */
  private String eventOf(TimerFire fire) {
    int i = timers.indexOf(fire.key(), fire.entryId());
    return i >= 0 ? timers.get(i).event() : fire.key().substring(fire.key().indexOf('#') + 1);
  }
}
