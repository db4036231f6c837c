package dev.clockwork.server.api.machine;

import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.migration.MigrationReport;
import dev.clockwork.runtime.migration.MigrationRequest;
import dev.clockwork.server.access.Namespaces;
import dev.clockwork.server.access.Role;
import dev.clockwork.server.api.ApiRoutes;
import dev.clockwork.server.api.Router;
import dev.clockwork.server.api.ServerContext;
import dev.clockwork.server.api.audit.Audit;
import dev.clockwork.server.http.Bodies;
import dev.clockwork.server.http.ProblemException;
import io.javalin.http.Context;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code POST /api/machines/{machine}/migrations} (admin of every namespace): moves the running
 * instances of one version onto another through a state mapping — {@code {"from": 1, "to": 2,
 * "map": ["shipped=delivered"], "dry_run": true}} — and answers the report; a real run is audited.
 */
public final class MigrationRoutes implements ApiRoutes {
  private final Engine engine;

  public MigrationRoutes(ServerContext server) {
    this.engine = server.engine();
  }

  /** What to migrate; {@code dryRun} (default true) changes nothing. */
  public record MigrationBody(Integer from, Integer to, List<String> map, Boolean dryRun) {}

  @Override
  public void register(Router router) {
    router.post(
        "/api/machines/{machine}/migrations",
        Role.ADMIN,
        Namespaces.everyNamespace(
            "migrating a machine's instances (every namespace's)", this::migrate));
  }

  private void migrate(Context ctx) {
    String machine = ctx.pathParam("machine");
    MigrationBody body = Bodies.required(ctx, MigrationBody.class);
    if (body.from() == null || body.to() == null) {
      throw ProblemException.badRequest(
          "name both versions: {\"from\": 1, \"to\": 2, \"map\": [\"shipped=delivered\"],"
              + " \"dry_run\": true}");
    }
    boolean dryRun = body.dryRun() == null || body.dryRun();
    MigrationRequest request;
    try {
      request =
          MigrationRequest.of(
              machine, body.from(), body.to(), body.map() == null ? List.of() : body.map());
    } catch (IllegalArgumentException e) {
      throw ProblemException.badRequest(e.getMessage());
    }
    MigrationReport report = engine.machines().migrate(request, dryRun);
    if (!dryRun) {
      Map<String, Object> details = new LinkedHashMap<>();
      details.put("from", body.from());
      details.put("to", body.to());
      details.put("map", request.mapping().paths());
      details.put("migrated", report.migrated());
      details.put("refused", report.refused());
      Audit.record(engine, ctx, "machine.migrate", "machine:" + machine, details);
    }
    ctx.json(report);
  }
}
