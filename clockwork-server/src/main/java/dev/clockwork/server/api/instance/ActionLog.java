package dev.clockwork.server.api.instance;

import dev.clockwork.server.access.Caller;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where the instance routes record the operator actions they take (create, send), with the caller's
 * principal and request id: one call per action, so the operator audit log is wired here.
 */
final class ActionLog {
  private static final Logger LOG = LoggerFactory.getLogger(ActionLog.class);

  private ActionLog() {}

  /** Records that {@code caller} did {@code action} on {@code target}; {@code outcome} says how. */
  static void record(Caller caller, String action, String target, String outcome) {
    LOG.debug(
        "operator action {} on {} by {} (request {}): {}",
        action,
        target,
        caller.principal(),
        caller.requestId(),
        outcome);
  }
}
