package dev.clockwork.server.security;

import static dev.clockwork.server.access.Role.ADMIN;
import static dev.clockwork.server.access.Role.ANYONE;
import static dev.clockwork.server.access.Role.OPERATOR;
import static dev.clockwork.server.access.Role.VIEWER;
import static dev.clockwork.server.security.RouteRow.delete;
import static dev.clockwork.server.security.RouteRow.get;
import static dev.clockwork.server.security.RouteRow.post;
import static dev.clockwork.server.security.RouteRow.put;
import static dev.clockwork.server.security.RouteRow.stream;

import java.util.List;

/**
 * The expected least role of every route, written out by hand: a route added to the server without
 * a row here fails {@link RouteRoleMatrixTest}, and so does a row whose role the server does not
 * register. The requests use the fixture's data ({@link MatrixServer}): instance {@code order-1},
 * schedules {@code nightly} and {@code doomed} (deleted by its row).
 */
final class MatrixRows {
  static final String SCHEDULE =
      "{\"schedule_id\": \"%s\", \"spec\": {\"intervals\": [{\"every\": \"PT1H\"}]},"
          + " \"action\": {\"machine\": \"order\"}}";

  private MatrixRows() {}

  /** Every route registered through the server's router. */
  static List<RouteRow> routed() {
    String login = "{\"token\": \"" + MatrixCaller.of(VIEWER, MatrixCaller.ALL).secret() + "\"}";
    return List.of(
        // no token needed
        get("/health", ANYONE),
        get("/health/ready", ANYONE),
        get("/api/openapi.json", ANYONE),
        post("/api/session", ANYONE, "/api/session", login),
        delete("/api/session", ANYONE, "/api/session"),
        // viewer: reading
        get("/api/session", VIEWER),
        stream("/api/stream", VIEWER),
        get("/metrics", VIEWER),
        get("/api/retention", VIEWER),
        get("/api/machines", VIEWER),
        get("/api/machines/{machine}", VIEWER, "/api/machines/order"),
        get("/api/machines/{machine}/diagram", VIEWER, "/api/machines/order/diagram"),
        get("/api/machines/{machine}/versions", VIEWER, "/api/machines/order/versions"),
        get("/api/machines/{machine}/versions/{version}", VIEWER, "/api/machines/order/versions/1"),
        get("/api/machines/{machine}/diff", VIEWER, "/api/machines/order/diff?from=1&to=1"),
        get("/api/instances", VIEWER),
        get("/api/instances/{id}", VIEWER, "/api/instances/order-1"),
        get("/api/instances/{id}/diagram", VIEWER, "/api/instances/order-1/diagram"),
        get("/api/instances/{id}/history", VIEWER, "/api/instances/order-1/history"),
        get(
            "/api/instances/{id}/events/{event_id}",
            VIEWER,
            "/api/instances/order-1/events/no-such-event"),
        get("/api/conversations/{id}", VIEWER, "/api/conversations/order-1"),
        get("/api/queues", VIEWER),
        get("/api/queues/{machine}", VIEWER, "/api/queues/order"),
        get("/api/queues/{machine}/events", VIEWER, "/api/queues/order/events"),
        get("/api/queues/{machine}/activity", VIEWER, "/api/queues/order/activity"),
        get("/api/health/queues", VIEWER),
        get("/api/dead-letters", VIEWER),
        get("/api/dead-letters/{id}", VIEWER, "/api/dead-letters/no-such-letter"),
        get("/api/timers", VIEWER),
        get("/api/schedules", VIEWER),
        get("/api/schedules/{id}", VIEWER, "/api/schedules/nightly"),
        get("/api/schedules/{id}/history", VIEWER, "/api/schedules/nightly/history"),
        // operator: sending, retrying, purging, pausing, triggering
        post("/api/instances", OPERATOR, "/api/instances", "{\"machine\": \"order\"}"),
        post(
            "/api/instances/{id}/events",
            OPERATOR,
            "/api/instances/order-1/events",
            "{\"type\": \"PING\"}"),
        post(
            "/api/instances/{id}/timers/{timer}",
            OPERATOR,
            "/api/instances/order-1/timers/NO_SUCH_TIMER",
            "{\"operation\": \"cancel\"}"),
        post("/api/queues/{machine}/pause", OPERATOR, "/api/queues/order/pause", ""),
        post("/api/queues/{machine}/resume", OPERATOR, "/api/queues/order/resume", ""),
        post(
            "/api/dead-letters/retry",
            OPERATOR,
            "/api/dead-letters/retry",
            "{\"machine\": \"order\"}"),
        post(
            "/api/dead-letters/{id}/retry", OPERATOR, "/api/dead-letters/no-such-letter/retry", ""),
        delete("/api/dead-letters", OPERATOR, "/api/dead-letters?machine=order"),
        post("/api/schedules/{id}/pause", OPERATOR, "/api/schedules/nightly/pause", ""),
        post("/api/schedules/{id}/resume", OPERATOR, "/api/schedules/nightly/resume", ""),
        post("/api/schedules/{id}/trigger", OPERATOR, "/api/schedules/nightly/trigger", ""),
        // admin: schedules and the operator log
        get("/api/audit", ADMIN),
        post(
            "/api/machines",
            ADMIN,
            "/api/machines",
            "{\"id\": \"matrix\", \"initial\": \"a\", \"states\": {\"a\": {}}}"),
        post(
            "/api/machines/{machine}/migrations",
            ADMIN,
            "/api/machines/order/migrations",
            "{\"from\": 1, \"to\": 2}"),
        post("/api/schedules", ADMIN, "/api/schedules", SCHEDULE.formatted("created")),
        put("/api/schedules/{id}", ADMIN, "/api/schedules/nightly", "{\"notes\": \"matrix\"}"),
        delete("/api/schedules/{id}", ADMIN, "/api/schedules/doomed"),
        post(
            "/api/schedules/{id}/backfill",
            ADMIN,
            "/api/schedules/nightly/backfill",
            "{\"from\": \"2026-11-24T00:00:00Z\", \"to\": \"2026-11-24T02:00:00Z\"}"));
  }

  /**
   * Routes over what every namespace shares — a machine's queue, the metrics, retention, the
   * machine-wide dead-letter actions: only a token holding every namespace passes (403 otherwise).
   */
  static boolean spansEveryNamespace(RouteRow row) {
    return row.path().startsWith("/api/queues")
        || row.path().equals("/api/health/queues")
        || row.path().equals("/metrics")
        || row.path().equals("/api/retention")
        || row.path().equals("/api/dead-letters/retry")
        || (row.method().equals("POST") && row.path().equals("/api/machines"))
        || row.path().equals("/api/machines/{machine}/migrations")
        || (row.method().equals("DELETE") && row.path().equals("/api/dead-letters"));
  }

  /**
   * Routes that act in the request's namespace (a token naming a namespace it does not hold is
   * refused on every route, these included).
   */
  static boolean actsInANamespace(RouteRow row) {
    return row.path().startsWith("/api/instances")
        || row.path().startsWith("/api/conversations")
        || row.path().startsWith("/api/dead-letters")
        || row.path().startsWith("/api/timers")
        || row.path().startsWith("/api/schedules")
        || row.path().equals("/api/audit");
  }

  /**
   * Rows whose target is the fixture's data — instance {@code order-1}, schedules {@code nightly}
   * and {@code doomed} — which exist in {@code default} and {@code tenant-a} only: in another
   * namespace they are not found (404, never 403).
   */
  static boolean addressesFixtureData(RouteRow row) {
    String target = row.target();
    return (target.startsWith("/api/instances/order-1") && !target.contains("no-such-event"))
        || target.startsWith("/api/schedules/nightly")
        || target.startsWith("/api/schedules/doomed");
  }

  /**
   * Routes the dashboard adds outside the router (its redirect and static files): no token needed.
   */
  static List<RouteRow> unrouted() {
    return List.of(get("/", ANYONE), get("/dashboard/", ANYONE));
  }
}
