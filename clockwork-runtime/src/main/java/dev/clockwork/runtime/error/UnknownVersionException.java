package dev.clockwork.runtime.error;

import dev.clockwork.core.ClockworkException;

/**
 * An instance runs a version of its machine newer than every version this engine registered: a node
 * of a newer deploy created or upgraded it. This node leaves it alone (its workers do not claim
 * it); a synchronous send from here is refused with this exception.
 */
public final class UnknownVersionException extends ClockworkException {
  private static final long serialVersionUID = 1L;

  public UnknownVersionException(String instanceId, String machine, int version, int newest) {
    super(
        "instance '"
            + instanceId
            + "' runs version "
            + version
            + " of machine '"
            + machine
            + "', and this engine knows versions up to "
            + newest
            + "; register version "
            + version
            + " here (deploy the new definition) or send from a node that has it");
  }
}
