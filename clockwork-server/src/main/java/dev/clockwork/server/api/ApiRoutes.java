package dev.clockwork.server.api;

import dev.clockwork.server.http.Router;

/**
 * One resource's routes (machines, instances, queues, ...). Each module is built from the {@link
 * ServerContext} and registers its routes, each with the least role that may call it.
 */
public interface ApiRoutes {
  /** Registers this module's routes. */
  void register(Router router);
}
