package dev.clockwork.runtime.error;

import dev.clockwork.core.ClockworkException;
import java.time.Duration;

/**
 * A synchronous send (or another call that needs the instance's lease) waited the whole lock
 * timeout while a worker or another send held the instance: nothing was applied; try again.
 */
public final class InstanceBusyException extends ClockworkException {
  private static final long serialVersionUID = 1L;

  private final String instanceId;

  public InstanceBusyException(String instanceId, Duration lockTimeout) {
    super(
        "instance '"
            + instanceId
            + "' stayed busy for the lock timeout ("
            + lockTimeout
            + "); try again, or raise lockTimeout");
    this.instanceId = instanceId;
  }

  public String instanceId() {
    return instanceId;
  }
}
