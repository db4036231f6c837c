package dev.clockwork.runtime.queue;

import dev.clockwork.core.ClockworkException;

/**
 * A worker tried to commit with a lease it no longer holds (it stalled past the expiry and another
 * worker took over). Nothing was written; the other worker's work stands.
 */
public final class LeaseLostException extends ClockworkException {
  private static final long serialVersionUID = 1L;

  public LeaseLostException(Lease lease) {
    super(
        "lease "
            + lease.token()
            + " on instance '"
            + lease.instanceId()
            + "' held by "
            + lease.owner()
            + " is no longer valid; the commit was refused");
  }
}
