package dev.clockwork.server.api.timer;

import dev.clockwork.core.interpreter.ArmedTimer;
import dev.clockwork.runtime.Instance;
import dev.clockwork.runtime.InstanceTimers;
import dev.clockwork.runtime.Namespace;
import dev.clockwork.runtime.audit.Operator;
import dev.clockwork.server.access.AccessFilter;
import dev.clockwork.server.access.Caller;
import dev.clockwork.server.access.Role;
import dev.clockwork.server.api.ApiRoutes;
import dev.clockwork.server.api.Router;
import dev.clockwork.server.api.ServerContext;
import dev.clockwork.server.api.audit.Audit;
import dev.clockwork.server.http.Bodies;
import dev.clockwork.server.http.ProblemException;
import io.javalin.http.Context;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code POST /api/instances/{id}/timers/{timer}} (operator): move, put off, fire or cancel one
 * armed timer of an instance — {@code {"operation": "reschedule", "to": "…"}}, {@code {"operation":
 * "extend", "by": "P3D"}}, {@code {"operation": "fire"}}, {@code {"operation": "cancel"}}, each
 * with an optional {@code reason}. Applied under the instance's lease, kept in its history and
 * audited; a timer that is not armed is a 422 naming those that are.
 */
public final class InstanceTimerRoutes implements ApiRoutes {
  private final ServerContext server;

  public InstanceTimerRoutes(ServerContext server) {
    this.server = server;
  }

  /** What to do to the timer, and why. */
  public record OperationBody(String operation, Instant to, Duration by, String reason) {}

  /** The timer after the operation: its due, or null when it is no longer armed. */
  public record Operated(
      String instanceId, String timer, String operation, Instant dueAt, List<String> states) {}

  @Override
  public void register(Router router) {
    router.post("/api/instances/{id}/timers/{timer}", Role.OPERATOR, this::operate);
  }

  private void operate(Context ctx) {
    String id = ctx.pathParam("id");
    String timer = ctx.pathParam("timer");
    OperationBody body = Bodies.required(ctx, OperationBody.class);
    Namespace tenant = server.namespace(ctx);
    Caller caller = AccessFilter.caller(ctx);
    Operator who = new Operator(caller.principal(), caller.requestId(), Audit.SOURCE);
    InstanceTimers timers = tenant.instances().timers(id);
    String operation = body.operation() == null ? "" : body.operation();
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("timer", timer);
    Instance after;
    try {
      after =
          switch (operation) {
            case "reschedule" -> {
              if (body.to() == null) {
                throw ProblemException.badRequest(
                    "reschedule needs 'to', the instant it is due: {\"operation\": \"reschedule\","
                        + " \"to\": \"2026-12-24T09:00:00Z\"}");
              }
              details.put("to", body.to().toString());
              yield timers.reschedule(timer, body.to(), who, body.reason());
            }
            case "extend" -> {
              if (body.by() == null) {
                throw ProblemException.badRequest(
                    "extend needs 'by', how much later: {\"operation\": \"extend\", \"by\":"
                        + " \"P3D\"}");
              }
              Duration by = Bodies.bounded("by", body.by());
              details.put("by", by.toString());
              yield timers.extend(timer, by, who, body.reason());
            }
            case "fire" -> timers.fireNow(timer, who, body.reason());
            case "cancel" -> timers.cancel(timer, who, body.reason());
            default ->
                throw ProblemException.badRequest(
                    "'operation' must be reschedule, extend, fire or cancel, not '"
                        + operation
                        + "'");
          };
    } catch (IllegalArgumentException e) {
      throw ProblemException.unprocessable(e.getMessage());
    }
    if (body.reason() != null) {
      details.put("reason", body.reason());
    }
    Audit.record(tenant, ctx, "timer." + operation, "instance:" + id, details);
    Instant due =
        after.timers().stream()
            .filter(t -> t.event().equals(timer) || t.key().equals(timer))
            .map(ArmedTimer::due)
            .findFirst()
            .orElse(null);
    ctx.json(new Operated(id, timer, operation, due, after.states()));
  }
}
