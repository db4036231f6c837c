package dev.clockwork.server.api.metrics;

import dev.clockwork.server.access.Namespaces;
import dev.clockwork.server.access.Role;
import dev.clockwork.server.api.ApiRoutes;
import dev.clockwork.server.api.Router;
import dev.clockwork.server.api.ServerContext;
import dev.clockwork.server.http.ProblemException;
import io.javalin.http.Context;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;

/**
 * {@code GET /metrics} (viewer): the registry the server was built with, in the Prometheus text
 * format — the queue seed's metrics ({@code queue_pending}, {@code queue_processing_time_seconds},
 * …) when the engine was given the same registry. 404 when the server has none.
 */
public final class MetricsRoutes implements ApiRoutes {
  /** Prometheus' text exposition format. */
  public static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

  private final ServerContext server;

  public MetricsRoutes(ServerContext server) {
    this.server = server;
  }

  @Override
  public void register(Router router) {
    router.get("/metrics", Role.VIEWER, Namespaces.everyNamespace("/metrics", this::scrape));
  }

  private void scrape(Context ctx) {
    PrometheusMeterRegistry registry = server.metrics();
    if (registry == null) {
      throw ProblemException.notFound(
          "this server has no metrics registry: build it with .metrics(registry) and give the"
              + " engine the same one (Engine.Builder.metrics)");
    }
    ctx.contentType(CONTENT_TYPE);
    ctx.result(registry.scrape());
  }
}
