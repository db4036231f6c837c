package dev.clockwork.runtime.error;

import dev.clockwork.core.ClockworkException;

/**
 * An entry action or guard threw while a new instance entered its initial states. Nothing was
 * stored: the instance does not exist, and creating it again (with other input) may succeed.
 */
public final class CreationFailedException extends ClockworkException {
  private static final long serialVersionUID = 1L;

  public CreationFailedException(String instanceId, String machine, Throwable cause) {
    super(
        "instance '"
            + instanceId
            + "' of '"
            + machine
            + "' could not start, and nothing was stored: its initial states' actions failed with "
            + cause.getClass().getSimpleName()
            + (cause.getMessage() == null ? "" : ": " + cause.getMessage())
            + " (check the input it needs)",
        cause);
  }
}
