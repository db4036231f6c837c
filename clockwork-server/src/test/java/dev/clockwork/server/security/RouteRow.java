package dev.clockwork.server.security;

import dev.clockwork.server.access.Role;
import dev.clockwork.server.api.Router;

/**
 * One row of the access matrix: a route as the server registers it, the least role it needs, and
 * the request that calls it — a concrete target (path parameters filled in, maybe a query) and a
 * body — shaped so that a caller who is let in reaches the handler.
 *
 * @param method the HTTP method
 * @param path the route's path as registered, with its {@code {parameters}}
 * @param role the least role that may call it ({@link Role#ANYONE}: no token needed)
 * @param target the path called
 * @param body the JSON body sent with POST and PUT
 * @param endless whether the answer never ends (the live stream): only its status is read
 */
public record RouteRow(
    String method, String path, Role role, String target, String body, boolean endless) {

  public static RouteRow get(String path, Role role) {
    return get(path, role, path);
  }

  public static RouteRow get(String path, Role role, String target) {
    return new RouteRow("GET", path, role, target, null, false);
  }

  public static RouteRow stream(String path, Role role) {
    return new RouteRow("GET", path, role, path, null, true);
  }

  public static RouteRow post(String path, Role role, String target, String body) {
    return new RouteRow("POST", path, role, target, body, false);
  }

  public static RouteRow put(String path, Role role, String target, String body) {
    return new RouteRow("PUT", path, role, target, body, false);
  }

  public static RouteRow delete(String path, Role role, String target) {
    return new RouteRow("DELETE", path, role, target, null, false);
  }

  /** The route as {@link Router#routes()} lists it. */
  public Router.Route route() {
    return new Router.Route(method, path, role);
  }

  @Override
  public String toString() {
    return method + " " + path;
  }
}
