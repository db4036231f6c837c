package dev.clockwork.core.input;

import dev.clockwork.core.ClockworkException;

/**
 * A caller used a name the engine keeps for itself ({@link ReservedNames}): an instance id of the
 * form of a schedule's run or a child machine, or an internal event. The message names the rule and
 * the fix; an HTTP API answers it 400.
 */
public final class ReservedNameException extends ClockworkException {
  private static final long serialVersionUID = 1L;

  private final String name;

  public ReservedNameException(String name, String message) {
    super(message);
    this.name = name;
  }

  /** The reserved id or event type the caller used. */
  public String name() {
    return name;
  }
}
