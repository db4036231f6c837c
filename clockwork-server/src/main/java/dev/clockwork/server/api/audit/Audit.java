package dev.clockwork.server.api.audit;

import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.Namespace;
import dev.clockwork.runtime.admin.OperatorLog;
import dev.clockwork.runtime.audit.Operator;
import dev.clockwork.runtime.audit.OperatorAction;
import dev.clockwork.server.access.AccessFilter;
import dev.clockwork.server.access.Caller;
import io.javalin.http.Context;
import java.util.Map;

/**
 * Records an operator action taken through the API in the engine's operator log, with the caller's
 * principal and the request's id ({@code source} {@code api}). Route modules call it after the
 * action succeeded:
 *
 * <pre>{@code
 * Audit.record(engine, ctx, "queue.pause", "queue:" + machine, Map.of());
 * }</pre>
 */
public final class Audit {
  /** The source recorded with actions taken through the API. */
  public static final String SOURCE = "api";

  private Audit() {}

  /** Records {@code action} on {@code target}, on every namespace, by the request's caller. */
  public static OperatorAction record(
      Engine engine, Context ctx, String action, String target, Map<String, Object> details) {
    return record(engine.admin().operatorLog(), ctx, action, target, details);
  }

  /** Records {@code action} on {@code target} of {@code namespace} by the request's caller. */
  public static OperatorAction record(
      Namespace namespace, Context ctx, String action, String target, Map<String, Object> details) {
    return record(namespace.operatorLog(), ctx, action, target, details);
  }

  private static OperatorAction record(
      OperatorLog log, Context ctx, String action, String target, Map<String, Object> details) {
    Caller caller = AccessFilter.caller(ctx);
    return log.record(
        new Operator(caller.principal(), caller.requestId(), SOURCE), action, target, details);
  }
}
