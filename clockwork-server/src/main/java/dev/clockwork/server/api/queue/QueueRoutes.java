package dev.clockwork.server.api.queue;

import static dev.clockwork.server.access.Namespaces.everyNamespace;

import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.admin.QueueAdmin;
import dev.clockwork.server.access.Role;
import dev.clockwork.server.api.ApiRoutes;
import dev.clockwork.server.api.Router;
import dev.clockwork.server.api.ServerContext;
import dev.clockwork.server.api.audit.Audit;
import dev.clockwork.server.http.Params;
import io.javalin.http.Context;
import java.util.List;
import java.util.Map;

/**
 * {@code GET /api/queues} (every machine's queue), {@code GET /api/queues/{machine}} (one, with its
 * first 50 pending events), {@code GET /api/queues/{machine}/events} (pending events, a page at a
 * time), {@code GET /api/queues/{machine}/activity} (its activity minute by minute, for the
 * dashboard's charts), {@code POST /api/queues/{machine}/pause} and {@code .../resume} (operator,
 * audited) and {@code GET /api/health/queues} (the health report with alert thresholds and stuck
 * events).
 */
public final class QueueRoutes implements ApiRoutes {
  static final int DETAIL_PENDING = 50;

  private final ServerContext server;

  public QueueRoutes(ServerContext server) {
    this.server = server;
  }

  @Override
  public void register(Router router) {
    // a machine's queue serves every namespace: its figures and its pause are every tenant's
    router.get("/api/queues", Role.VIEWER, everyNamespace(QUEUES, this::list));
    router.get("/api/queues/{machine}", Role.VIEWER, everyNamespace(QUEUES, this::get));
    router.get("/api/queues/{machine}/events", Role.VIEWER, everyNamespace(QUEUES, this::pending));
    router.get(
        "/api/queues/{machine}/activity", Role.VIEWER, everyNamespace(QUEUES, this::activity));
    router.post(
        "/api/queues/{machine}/pause",
        Role.OPERATOR,
        everyNamespace(QUEUES, ctx -> pause(ctx, true)));
    router.post(
        "/api/queues/{machine}/resume",
        Role.OPERATOR,
        everyNamespace(QUEUES, ctx -> pause(ctx, false)));
    router.get(
        "/api/health/queues",
        Role.VIEWER,
        everyNamespace(QUEUES, ctx -> ctx.json(QueueHealthView.of(engine()))));
  }

  private static final String QUEUES = "a machine's queue";

  private Engine engine() {
    return server.engine();
  }

  private void list(Context ctx) {
    ctx.json(
        MachineNames.all(engine()).stream()
            .map(machine -> QueueView.of(engine(), machine, null))
            .toList());
  }

  private void get(Context ctx) {
    String machine = MachineNames.known(engine(), ctx.pathParam("machine"));
    ctx.json(
        QueueView.of(engine(), machine, PendingEvents.first(engine(), machine, DETAIL_PENDING)));
  }

  private void pending(Context ctx) {
    String machine = MachineNames.known(engine(), ctx.pathParam("machine"));
    ctx.json(PendingEvents.page(ctx, engine(), machine));
  }

  private void activity(Context ctx) {
    String machine = MachineNames.known(engine(), ctx.pathParam("machine"));
    int minutes =
        Params.intParam(
            ctx, "minutes", ActivitySeries.DEFAULT_MINUTES, 1, ActivitySeries.MAX_MINUTES);
    ctx.json(ActivitySeries.of(engine(), machine, minutes));
  }

  private void pause(Context ctx, boolean pause) {
    String machine = MachineNames.known(engine(), ctx.pathParam("machine"));
    QueueAdmin queues = engine().admin().queues();
    if (pause) {
      queues.pause(machine);
    } else {
      queues.resume(machine);
    }
    Audit.record(
        engine(), ctx, pause ? "queue.pause" : "queue.resume", "queue:" + machine, Map.of());
    ctx.json(QueueView.of(engine(), machine, List.of()));
  }
}
