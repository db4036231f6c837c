package dev.clockwork.core.interpreter;

import java.util.List;
import java.util.Optional;

/**
 * The outcome of one macrostep.
 *
 * @param snapshot the instance after the step (the same object when nothing changed)
 * @param effects what the runtime must make durable, in order
 * @param handled false when no transition took the external event (unknown event, guards failed, or
 *     a dropped timer fire)
 */
public record StepResult(Snapshot snapshot, List<Effect> effects, boolean handled) {
  /** The last reply an action gave, if any. */
  public Optional<Object> reply() {
    Object reply = null;
    for (Effect effect : effects) {
      if (effect instanceof Effect.Replied) {
        reply = ((Effect.Replied) effect).value();
      }
    }
    return Optional.ofNullable(reply);
  }
}
