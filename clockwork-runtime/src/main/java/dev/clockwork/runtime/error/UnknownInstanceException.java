package dev.clockwork.runtime.error;

import dev.clockwork.core.ClockworkException;

/** No instance has the given id. */
public final class UnknownInstanceException extends ClockworkException {
  private static final long serialVersionUID = 1L;

  public UnknownInstanceException(String instanceId) {
    super("no instance with id '" + instanceId + "'; create it first with engine.create(…)");
  }
}
