package dev.clockwork.runtime.internal;

/**
 * Thrown inside a turn whose synchronous emit would wait for a chain that waits for it: the step is
 * undone, the turn stops before the event (which stays queued, no attempt spent) and its leases are
 * given up, so the older chain can finish.
 */
public final class GiveWay extends RuntimeException {
  private static final long serialVersionUID = 1L;

  GiveWay(String instanceId) {
    super(
        "gave way to a chain waiting for this one, on instance '" + instanceId + "'",
        null,
        false,
        false);
  }
}
