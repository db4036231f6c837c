package dev.clockwork.core.interpreter;

import dev.clockwork.core.definition.TimerDef;
import dev.clockwork.core.time.OverduePolicy;
import dev.clockwork.core.time.TimeSpec;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What an overdue repeating timer's policy makes of a late fire: the fires its rhythm owed up to
 * now are walked (each counts toward {@code max}, as if it had fired), the last one runs the
 * transition under {@link OverduePolicy#FIRE_ONCE} and none does under {@link
 * OverduePolicy#SKIP_MISSED}, and the timer is armed at the next due still ahead on the rhythm — or
 * switched to its {@code then} phase, or done, when the count ran out while it was late.
 *
 * @param counted the timer as the walk leaves it counted, due at the last owed fire
 * @param next the timer armed after the walk, or null when it is done
 * @param missed the owed dues that were not run, the first {@link #LISTED}
 * @param skipped how many owed fires were not run
 * @param runs whether the transition runs once (fire_once)
 */
record OverdueCatchUp(
    ArmedTimer counted, ArmedTimer next, List<Instant> missed, int skipped, boolean runs) {
  /** How many missed dues are listed in history; the count says how many there were. */
  static final int LISTED = 100;

  /**
   * The catch-up of a fire of {@code armed} processed at {@code now}; empty when the policy is
   * {@code fire}, the timer is not repeating, or the fire is not overdue.
   */
  static Optional<OverdueCatchUp> of(TimerDef def, ArmedTimer armed, Instant now) {
    if (def.overdue() == OverduePolicy.FIRE || armed.thenPhase()) {
      return Optional.empty();
    }
    TimeSpec spec = TimerBook.specOf(def, armed);
    if (!spec.repeating()) {
      return Optional.empty();
    }
    int bound = Math.min(def.maxFires(), spec.maxFires());
    int fires = armed.fires() + 1;
    Optional<Instant> onTime =
        fires < bound
            ? spec.nextDue(armed.enteredAt(), armed.due(), armed.due(), fires)
            : Optional.empty();
    Instant limit =
        def.overdueAfter() != null ? armed.due().plus(def.overdueAfter()) : onTime.orElse(null);
    if (limit == null || !now.isAfter(limit)) {
      return Optional.empty();
    }
    List<Instant> owed = new ArrayList<>();
    owed.add(armed.due());
    int count = 1;
    Instant last = armed.due();
    Optional<Instant> following = onTime;
    while (fires < bound && following.isPresent() && !following.get().isAfter(now)) {
      last = following.get();
      count++;
      fires++;
      if (owed.size() <= LISTED) {
        owed.add(last);
      }
      following =
          fires < bound ? spec.nextDue(armed.enteredAt(), last, last, fires) : Optional.empty();
    }
    boolean runs = def.overdue() == OverduePolicy.FIRE_ONCE;
    List<Instant> missed = runs ? owed.subList(0, owed.size() - 1) : owed;
    if (missed.size() > LISTED) {
      missed = missed.subList(0, LISTED);
    }
    ArmedTimer counted = copy(armed, armed.event(), last, fires, false);
    ArmedTimer next;
    if (fires < bound && following.isPresent()) {
      next = copy(armed, armed.event(), following.get(), fires, false);
    } else if (def.then() != null) {
      Instant thenDue = spec.thenDue(armed.enteredAt(), last, last, fires).orElse(now);
      next = copy(armed, def.then(), thenDue, fires, true);
    } else {
      next = null;
    }
    return Optional.of(
        new OverdueCatchUp(counted, next, List.copyOf(missed), runs ? count - 1 : count, runs));
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
