package dev.clockwork.runtime.store;

import dev.clockwork.core.ClockworkException;

/** An instance id is already taken. */
public final class DuplicateInstanceException extends ClockworkException {
  private static final long serialVersionUID = 1L;

  public DuplicateInstanceException(String instanceId) {
    super("an instance with id '" + instanceId + "' already exists; choose another id");
  }
}
