package dev.clockwork.server.api.queue;

import dev.clockwork.runtime.Engine;
import dev.clockwork.server.http.Page;
import io.javalin.http.Context;
import java.util.List;

/** A machine's pending events, in the order its queue serves them. */
final class PendingEvents {
  private PendingEvents() {}

  /** The first {@code limit} pending events. */
  static List<PendingEventView> first(Engine engine, String machine, int limit) {
    // the runtime's queued-events listing arrives with branch cli-gaps
    return List.of();
  }

  /** The page {@code ?cursor=&limit=} asks for. */
  static Page<PendingEventView> page(Context ctx, Engine engine, String machine) {
    return new Page<>(List.of(), null, false);
  }
}
