package dev.clockwork.server.access;

import dev.clockwork.server.http.ProblemException;
import dev.clockwork.server.http.RequestIds;
import io.javalin.http.Context;
import io.javalin.http.Handler;
import io.javalin.security.RouteRole;
import java.util.Optional;

/**
 * Runs before every matched route: reads the bearer token, answers 401 when it is missing or
 * unknown and 403 when its role is below the route's, and otherwise leaves the {@link Caller} on
 * the request for {@link #caller(Context)}.
 */
public final class AccessFilter implements Handler {
  private static final String ATTRIBUTE = "clockwork.caller";
  private static final String BEARER = "Bearer ";

  private final AccessPolicy policy;

  public AccessFilter(AccessPolicy policy) {
    this.policy = policy;
  }

  @Override
  public void handle(Context ctx) {
    Role required = requiredRole(ctx);
    if (required == Role.ANYONE) {
      return;
    }
    ctx.header("WWW-Authenticate", "Bearer realm=\"clockwork\"");
    String header = ctx.header("Authorization");
    if (header == null || !header.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
      throw unauthorized("send a token: 'Authorization: Bearer <token>'");
    }
    Optional<ApiToken> token = policy.authenticate(header.substring(BEARER.length()).trim());
    if (token.isEmpty()) {
      throw unauthorized("the bearer token is not one this server knows");
    }
    if (!token.get().role().includes(required)) {
      throw new ProblemException(
          403,
          "forbidden",
          "token '"
              + token.get().principal()
              + "' has the role "
              + token.get().role().label()
              + "; "
              + ctx.method()
              + " "
              + ctx.path()
              + " needs "
              + required.label());
    }
    ctx.attribute(ATTRIBUTE, new Caller(token.get(), RequestIds.of(ctx)));
  }

  /** The authenticated caller of a route that needs a token. */
  public static Caller caller(Context ctx) {
    Caller caller = ctx.attribute(ATTRIBUTE);
    if (caller == null) {
      throw unauthorized("send a token: 'Authorization: Bearer <token>'");
    }
    return caller;
  }

  private static Role requiredRole(Context ctx) {
    Role required = null;
    for (RouteRole role : ctx.routeRoles()) {
      if (role instanceof Role r && (required == null || r.compareTo(required) > 0)) {
        required = r;
      }
    }
    // a route registered without a role is an admin route: safe by default
    return required == null ? Role.ADMIN : required;
  }

  private static ProblemException unauthorized(String detail) {
    return new ProblemException(401, "unauthorized", detail);
  }
}
