package dev.clockwork.server.api;

import dev.clockwork.server.access.Role;
import io.javalin.http.Context;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code GET /health} (liveness: the server answers) and {@code GET /health/ready} (readiness: the
 * engine's store answers a query; 503 when it does not). Neither needs a token, so load balancers
 * and orchestrators can call them.
 */
public final class HealthRoutes implements ApiRoutes {
  private static final Logger LOG = LoggerFactory.getLogger(HealthRoutes.class);

  private final ServerContext server;

  public HealthRoutes(ServerContext server) {
    this.server = server;
  }

  @Override
  public void register(Router router) {
    router.get("/health", Role.ANYONE, ctx -> ctx.json(Map.of("status", "UP")));
    router.get("/health/ready", Role.ANYONE, this::ready);
  }

  private void ready(Context ctx) {
    try {
      server.engine().admin().queues().status();
      ctx.json(Map.of("status", "UP", "database", "UP"));
    } catch (RuntimeException e) {
      LOG.warn("readiness check failed: the store did not answer", e);
      ctx.status(503).json(Map.of("status", "DOWN", "database", "DOWN"));
    }
  }
}
