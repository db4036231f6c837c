package dev.clockwork.runtime.error;

import dev.clockwork.core.ClockworkException;
import dev.clockwork.core.behavior.NonRetryable;

/**
 * An action sent to {@code Target.parent()} (the {@code sendParent} built-in) from an instance that
 * no machine invoked: a definition mistake no retry mends.
 */
public final class NoParentException extends ClockworkException implements NonRetryable {
  private static final long serialVersionUID = 1L;

  public NoParentException(String instanceId) {
    super(
        "instance '"
            + instanceId
            + "' sent an event to its parent, and it has none: only a machine started by a"
            + " state's invoke has a parent; send to an instance or a machine instead, or run"
            + " this machine as a child");
  }
}
