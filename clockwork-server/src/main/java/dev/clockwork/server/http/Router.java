package dev.clockwork.server.http;

import dev.clockwork.server.access.Role;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Handler;
import io.javalin.http.sse.SseClient;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Registers routes, each with the least {@link Role} allowed to call it — so no route can be added
 * without saying who may call it. Route modules get one in {@link
 * dev.clockwork.server.api.ApiRoutes#register}.
 */
public final class Router {
  private final RoutesConfig routes;
  private final List<Route> registered = new ArrayList<>();

  /** A registered route: its HTTP method ({@code GET}, ...), path and least role. */
  public record Route(String method, String path, Role role) {}

  public Router(RoutesConfig routes) {
    this.routes = routes;
  }

  /** Every route registered so far, in order (what the OpenAPI document must describe). */
  public List<Route> routes() {
    return List.copyOf(registered);
  }

  public Router get(String path, Role role, Handler handler) {
    routes.get(path, handler, role);
    registered.add(new Route("GET", path, role));
    return this;
  }

  public Router post(String path, Role role, Handler handler) {
    routes.post(path, handler, role);
    registered.add(new Route("POST", path, role));
    return this;
  }

  public Router put(String path, Role role, Handler handler) {
    routes.put(path, handler, role);
    registered.add(new Route("PUT", path, role));
    return this;
  }

  public Router patch(String path, Role role, Handler handler) {
    routes.patch(path, handler, role);
    registered.add(new Route("PATCH", path, role));
    return this;
  }

  public Router delete(String path, Role role, Handler handler) {
    routes.delete(path, handler, role);
    registered.add(new Route("DELETE", path, role));
    return this;
  }

  /** A server-sent events stream; keep the client open with {@link SseClient#keepAlive()}. */
  public Router sse(String path, Role role, Consumer<SseClient> client) {
    routes.sse(path, client, role);
    registered.add(new Route("GET", path, role));
    return this;
  }
}
