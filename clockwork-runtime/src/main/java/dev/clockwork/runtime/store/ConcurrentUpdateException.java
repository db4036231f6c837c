package dev.clockwork.runtime.store;

import dev.clockwork.core.ClockworkException;

/** Two writers raced on one instance; the later commit lost and must reload and retry. */
public final class ConcurrentUpdateException extends ClockworkException {
  private static final long serialVersionUID = 1L;

  public ConcurrentUpdateException(String instanceId, long expected, long found) {
    super(
        "instance '"
            + instanceId
            + "' changed underneath this commit (expected revision "
            + expected
            + ", found "
            + found
            + ")");
  }
}
