package dev.clockwork.core.interpreter;

import dev.clockwork.core.ClockworkException;
import java.util.List;

/**
 * A macrostep took more microsteps than the machine allows: an {@code always} or raise loop. The
 * macrostep is abandoned, so the instance stays as it was before the event.
 */
public final class MaxTransitionDepthExceededException extends ClockworkException {
  private static final long serialVersionUID = 1L;

  private final transient List<String> loop;

  MaxTransitionDepthExceededException(String machine, String event, int depth, List<String> loop) {
    super(
        "machine '"
            + machine
            + "': event "
            + event
            + " took more than "
            + depth
            + " transitions in one macrostep; the loop runs through "
            + loop
            + ". Guard an always/raise transition so it stops, or raise maxTransitionDepth");
    this.loop = List.copyOf(loop);
  }

  /** The transitions seen last before the step was stopped, e.g. {@code ping.always -> pong}. */
  public List<String> loop() {
    return loop;
  }
}
