package dev.clockwork.core.interpreter;

import dev.clockwork.core.definition.TimerDef;
import dev.clockwork.core.time.TimeSpec;
import java.time.Instant;
import java.util.Optional;

/**
 * What one fire does to an armed timer, whether the fire runs its transition or is skipped: the
 * fire is counted, then the timer is re-armed for its next due, switched to its {@code then} phase
 * after the last allowed fire (whether {@code max} or a cycle's {@code R<n>} allows no more; the
 * {@code then} event is due one interval later, {@link TimeSpec#thenDue}), or done. The one place
 * that computes a timer's next due.
 *
 * @param fired the timer as the fire leaves it counted ({@code fires} includes this fire; a {@code
 *     then}-phase fire is not counted again)
 * @param next the timer armed after the fire, or null when the fire was its last
 */
record TimerAdvance(ArmedTimer fired, ArmedTimer next) {

  /**
   * The advance of {@code armed} (of definition {@code def}) by a fire processed at {@code now}.
   */
  static TimerAdvance of(TimerDef def, ArmedTimer armed, Instant now) {
    if (armed.thenPhase()) {
      return new TimerAdvance(armed, null);
    }
    int fires = armed.fires() + 1;
    TimeSpec spec = TimerBook.specOf(def, armed);
    ArmedTimer fired = copy(armed, armed.event(), armed.due(), fires, false);
    boolean more = fires < Math.min(def.maxFires(), spec.maxFires());
    if (!more && def.then() == null) {
      return new TimerAdvance(fired, null);
    }
    if (more) {
      Optional<Instant> nextDue = spec.nextDue(armed.enteredAt(), armed.due(), now, fires);
      return new TimerAdvance(
          fired, nextDue.map(due -> copy(armed, armed.event(), due, fires, false)).orElse(null));
    }
    // One rule whatever bounds the timer (max or the spec's R<n>): one interval after the last.
    Optional<Instant> thenDue = spec.thenDue(armed.enteredAt(), armed.due(), now, fires);
    return new TimerAdvance(fired, copy(armed, def.then(), thenDue.orElse(now), fires, true));
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
