package dev.clockwork.runtime.error;

import dev.clockwork.core.ClockworkException;
import java.util.Collection;

/** A machine id was used that the engine does not know. */
public final class UnknownMachineException extends ClockworkException {
  private static final long serialVersionUID = 1L;

  public UnknownMachineException(String machine, Collection<String> known) {
    super(
        "no machine '"
            + machine
            + "' is registered; register its definition with Engine.builder().register(…)"
            + (known.isEmpty() ? "" : " (registered: " + known + ")"));
  }
}
