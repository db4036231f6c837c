package dev.clockwork.server.api.audit;

import dev.clockwork.runtime.admin.OperatorLog;
import dev.clockwork.runtime.audit.OperatorAction;
import dev.clockwork.server.access.Namespaces;
import dev.clockwork.server.access.Role;
import dev.clockwork.server.api.ApiRoutes;
import dev.clockwork.server.api.Router;
import dev.clockwork.server.api.ServerContext;
import dev.clockwork.server.http.Cursor;
import dev.clockwork.server.http.Page;
import dev.clockwork.server.http.Params;
import dev.clockwork.server.http.ProblemException;
import io.javalin.http.Context;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * {@code GET /api/audit?cursor=&limit=} (admin): the operator log, newest first — who did what,
 * when, through which request.
 */
public final class AuditRoutes implements ApiRoutes {
  private static final int MAX_LIMIT = 500;

  private final ServerContext server;

  public AuditRoutes(ServerContext server) {
    this.server = server;
  }

  /** One recorded action as the API shows it. */
  public record ActionView(
      long id,
      Instant at,
      String principal,
      String requestId,
      String source,
      String action,
      String target,
      Map<String, Object> details) {
    static ActionView of(OperatorAction action) {
      return new ActionView(
          action.id(),
          action.at(),
          action.principal(),
          action.requestId(),
          action.source(),
          action.action(),
          action.target(),
          action.details());
    }
  }

  @Override
  public void register(Router router) {
    router.get("/api/audit", Role.ADMIN, this::list);
  }

  private void list(Context ctx) {
    int limit = Params.limit(ctx, 100, MAX_LIMIT);
    String position = Cursor.decode(ctx.queryParam("cursor"));
    Long before = null;
    if (position != null) {
      try {
        before = Long.parseLong(position);
      } catch (NumberFormatException e) {
        throw ProblemException.badRequest(
            "cursor=" + ctx.queryParam("cursor") + " is not a cursor of /api/audit");
      }
    }
    OperatorLog log =
        Namespaces.holdsAll(ctx)
            ? server.engine().admin().operatorLog()
            : server.namespace(ctx).operatorLog();
    List<ActionView> fetched = log.latest(before, limit + 1).stream().map(ActionView::of).toList();
    ctx.json(Page.of(fetched, limit, view -> Cursor.encode(Long.toString(view.id()))));
  }
}
