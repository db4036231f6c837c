package dev.clockwork.server.api;

/**
 * One resource's routes (machines, instances, queues, ...). Each module is built from the {@link
 * ServerContext} and registers its routes, each with the least role that may call it.
 */
public interface ApiRoutes {
  /** Registers this module's routes. */
  void register(Router router);
}
