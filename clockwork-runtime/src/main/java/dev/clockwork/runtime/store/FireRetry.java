package dev.clockwork.runtime.store;

import dev.clockwork.core.event.TimerFire;
import dev.clockwork.runtime.queue.AttemptError;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * A timer fire that failed an attempt and waits for its next one. Timers fire straight from the
 * instance's snapshot (no queue row), so the attempts of a failing fire are kept on the instance:
 * at most one per instance, since a fire waiting for a retry holds back everything ordered after
 * it, like a queued event waiting for a retry.
 *
 * @param fire which timer, state entry and due instant
 * @param event the event the fire sends
 * @param attempts failed attempts so far
 * @param retryAt when the next attempt may run
 * @param errors one entry per failed attempt
 */
public record FireRetry(
    TimerFire fire, String event, int attempts, Instant retryAt, List<AttemptError> errors) {
  public FireRetry {
    Objects.requireNonNull(fire, "fire");
    Objects.requireNonNull(event, "event");
    Objects.requireNonNull(retryAt, "retryAt");
    errors = List.copyOf(errors);
  }

  /** True when this retry is for {@code other} (same timer, state entry and due instant). */
  public boolean isFor(TimerFire other) {
    return fire.equals(other);
  }
}
