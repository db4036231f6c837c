package dev.clockwork.server.api.instance;

import dev.clockwork.runtime.instance.HistoryQuery;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.server.access.Role;
import dev.clockwork.server.api.ApiRoutes;
import dev.clockwork.server.api.Router;
import dev.clockwork.server.api.ServerContext;
import dev.clockwork.server.http.Cursor;
import dev.clockwork.server.http.Page;
import dev.clockwork.server.http.Params;
import dev.clockwork.server.http.ProblemException;
import io.javalin.http.Context;
import java.util.List;

/**
 * {@code GET /api/instances/{id}/history?cursor=&limit=}: every history row of an instance,
 * internal events included, oldest first, a page at a time (limit 1 to 500, default 100). The
 * cursor is the sequence of the page's last row; each page is one read of the instance's rows by
 * their key.
 */
public final class HistoryRoutes implements ApiRoutes {
  private final ServerContext server;

  public HistoryRoutes(ServerContext server) {
    this.server = server;
  }

  @Override
  public void register(Router router) {
    router.get("/api/instances/{id}/history", Role.VIEWER, this::history);
  }

  private void history(Context ctx) {
    String id = ctx.pathParam("id");
    int limit = Params.limit(ctx, 100, 500);
    long after = sequence(Cursor.decode(ctx.queryParam("cursor")));
    // one row more on each side: the row before says where the first came from, the row after
    // says whether there is more
    List<HistoryEntry> rows =
        server
            .namespace(ctx)
            .instances()
            .history(HistoryQuery.page(id, Math.max(0, after - 1), limit + 2));
    HistoryEntry before =
        after > 0 && !rows.isEmpty() && rows.get(0).sequence() == after ? rows.get(0) : null;
    List<HistoryEntry> fetched = before == null ? rows : rows.subList(1, rows.size());
    if (fetched.size() > limit + 1) {
      fetched = fetched.subList(0, limit + 1);
    }
    boolean more = fetched.size() > limit;
    List<HistoryEntry> page = more ? fetched.subList(0, limit) : fetched;
    ctx.json(
        new Page<>(
            HistoryViews.rows(before, page),
            more ? Cursor.encode(Long.toString(page.get(page.size() - 1).sequence())) : null,
            more));
  }

  private static long sequence(String cursor) {
    if (cursor == null) {
      return 0;
    }
    try {
      long sequence = Long.parseLong(cursor);
      if (sequence >= 0) {
        return sequence;
      }
    } catch (NumberFormatException e) {
      // answered below
    }
    throw ProblemException.badRequest(
        "cursor is not a history cursor this API gave out: pass next_cursor as it is");
  }
}
