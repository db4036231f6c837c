package dev.clockwork.core.time;

import dev.clockwork.core.InvalidDefinitionException;

/**
 * A timer in a definition is wrong: a bad ISO 8601 text, a cron expression that does not parse or
 * never fires, a timer that is not positive, or a computed timer value of an unknown kind. The
 * message names the culprit and shows what to write instead.
 */
public class InvalidTimerDefinitionException extends InvalidDefinitionException {
  private static final long serialVersionUID = 1L;

  /** A problem found outside a machine definition (empty {@link #path()}). */
  public InvalidTimerDefinitionException(String message) {
    this("", message);
  }

  /** A problem located at {@code path} in a machine definition. */
  public InvalidTimerDefinitionException(String path, String message) {
    super(path, message);
  }

  @Override
  public InvalidTimerDefinitionException at(String newPath) {
    return new InvalidTimerDefinitionException(newPath, problem());
  }
}
