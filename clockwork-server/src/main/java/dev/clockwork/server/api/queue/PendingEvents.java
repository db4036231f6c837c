package dev.clockwork.server.api.queue;

import dev.clockwork.runtime.Engine;
import dev.clockwork.server.http.Cursor;
import dev.clockwork.server.http.Page;
import dev.clockwork.server.http.Params;
import dev.clockwork.server.http.ProblemException;
import io.javalin.http.Context;
import java.util.List;

/**
 * A machine's pending events in the order its queue serves heads (highest priority first, then the
 * longest waiting). Pages are read from the start of that order (the cursor is the number already
 * read), so a page deep in a long queue costs the events before it; at most {@value #MAX_DEPTH} are
 * reachable.
 */
final class PendingEvents {
  static final int MAX_LIMIT = 500;
  static final int MAX_DEPTH = 10_000;

  private PendingEvents() {}

  /** The first {@code limit} pending events. */
  static List<PendingEventView> first(Engine engine, String machine, int limit) {
    return engine.admin().queues().queuedEvents(machine, limit).stream()
        .map(PendingEventView::of)
        .toList();
  }

  /** The page {@code ?cursor=&limit=} asks for. */
  static Page<PendingEventView> page(Context ctx, Engine engine, String machine) {
    int limit = Params.limit(ctx, 50, MAX_LIMIT);
    int skip = skipped(ctx);
    List<PendingEventView> read = first(engine, machine, Math.min(skip + limit + 1, MAX_DEPTH + 1));
    List<PendingEventView> fetched = read.subList(Math.min(skip, read.size()), read.size());
    boolean more = fetched.size() > limit && skip + limit < MAX_DEPTH;
    List<PendingEventView> items = fetched.size() > limit ? fetched.subList(0, limit) : fetched;
    return new Page<>(items, more ? Cursor.encode(Integer.toString(skip + limit)) : null, more);
  }

  private static int skipped(Context ctx) {
    String position = Cursor.decode(ctx.queryParam("cursor"));
    if (position == null) {
      return 0;
    }
    try {
      int skip = Integer.parseInt(position);
      if (skip >= 0 && skip <= MAX_DEPTH) {
        return skip;
      }
    } catch (NumberFormatException e) {
      // the error below
    }
    throw ProblemException.badRequest(
        "cursor=" + ctx.queryParam("cursor") + " is not a cursor of this queue's events");
  }
}
