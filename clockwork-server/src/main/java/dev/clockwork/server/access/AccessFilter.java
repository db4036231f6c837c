package dev.clockwork.server.access;

import dev.clockwork.server.http.ProblemException;
import dev.clockwork.server.http.RequestIds;
import io.javalin.http.Context;
import io.javalin.http.Handler;
import io.javalin.http.HandlerType;
import io.javalin.security.RouteRole;
import java.util.Optional;

/**
 * Runs before every matched route: reads the bearer token (or, without one, the dashboard's session
 * cookie), answers 401 when it is missing or unknown and 403 when its role is below the route's,
 * and otherwise leaves the {@link Caller} on the request for {@link #caller(Context)}. A
 * state-changing request authenticated by the cookie must also carry {@code X-Clockwork-Request: 1}
 * (a header no other site's page can make a browser send), or it is refused with 403.
 */
public final class AccessFilter implements Handler {
  private static final String ATTRIBUTE = "clockwork.caller";
  private static final String BEARER = "Bearer ";

  /** The header a cookie-authenticated state-changing request must carry, with the value 1. */
  public static final String CSRF_HEADER = "X-Clockwork-Request";

  private final AccessPolicy policy;
  private final Sessions sessions;

  public AccessFilter(AccessPolicy policy, Sessions sessions) {
    this.policy = policy;
    this.sessions = sessions;
  }

  /** The dashboard sessions this filter accepts. */
  public Sessions sessions() {
    return sessions;
  }

  @Override
  public void handle(Context ctx) {
    Role required = requiredRole(ctx);
    if (required == Role.ANYONE) {
      return;
    }
    Optional<ApiToken> token;
    try {
      token = authenticate(ctx);
    } catch (ProblemException e) {
      if (e.status() == 401) {
        // the challenge goes with a 401 only, never with a 403 or a success
        ctx.header("WWW-Authenticate", "Bearer realm=\"clockwork\"");
      }
      throw e;
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
    // before any route reads its input: a token never names a namespace it does not hold
    Namespaces.checkNamed(ctx);
  }

  private Optional<ApiToken> authenticate(Context ctx) {
    String header = ctx.header("Authorization");
    String cookie = ctx.cookie(Sessions.COOKIE);
    if (header == null && cookie != null) {
      Optional<ApiToken> token = sessions.find(cookie).map(Sessions.Session::token);
      if (token.isEmpty()) {
        throw unauthorized("the dashboard session has expired or was closed; log in again");
      }
      if (changesState(ctx) && !"1".equals(ctx.header(CSRF_HEADER))) {
        throw new ProblemException(
            403,
            "forbidden",
            "a request authenticated by the session cookie that changes something must carry the"
                + " header '"
                + CSRF_HEADER
                + ": 1'");
      }
      return token;
    }
    if (header == null || !header.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
      throw unauthorized("send a token: 'Authorization: Bearer <token>'");
    }
    Optional<ApiToken> token = policy.authenticate(header.substring(BEARER.length()).trim());
    if (token.isEmpty()) {
      throw unauthorized("the bearer token is not one this server knows");
    }
    return token;
  }

  private static boolean changesState(Context ctx) {
    HandlerType method = ctx.method();
    return !method.equals(HandlerType.GET)
        && !method.equals(HandlerType.HEAD)
        && !method.equals(HandlerType.OPTIONS);
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
