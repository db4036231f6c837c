package dev.clockwork.runtime.store.definition;

import dev.clockwork.core.ClockworkException;

/**
 * A version of a machine was deployed with another definition than the one stored under it: a
 * deployed version never changes, since instances run it.
 */
public final class DefinitionConflictException extends ClockworkException {
  private static final long serialVersionUID = 1L;

  public DefinitionConflictException(String machine, int version) {
    super(
        "version "
            + version
            + " of machine '"
            + machine
            + "' is already deployed with another definition; a deployed version never changes"
            + " (instances run it): give the changed definition a new version");
  }
}
