package dev.clockwork.server.session;

import dev.clockwork.server.access.AccessFilter;
import dev.clockwork.server.access.AccessPolicy;
import dev.clockwork.server.access.ApiToken;
import dev.clockwork.server.access.Caller;
import dev.clockwork.server.access.Role;
import dev.clockwork.server.access.Sessions;
import dev.clockwork.server.api.ApiRoutes;
import dev.clockwork.server.api.Router;
import dev.clockwork.server.http.Bodies;
import dev.clockwork.server.http.ProblemException;
import io.javalin.http.Context;
import io.javalin.http.Cookie;
import io.javalin.http.SameSite;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

/**
 * {@code POST /api/session} {@code {token}} logs in: the token is checked and an HttpOnly,
 * SameSite=Strict session cookie comes back; {@code GET /api/session} tells who is logged in (the
 * dashboard hides operator actions from viewers); {@code DELETE /api/session} logs out.
 */
public final class SessionRoutes implements ApiRoutes {
  private final AccessPolicy access;
  private final Sessions sessions;

  public SessionRoutes(AccessPolicy access, Sessions sessions) {
    this.access = access;
    this.sessions = sessions;
  }

  /** The login request. */
  public record Login(String token) {}

  /** Who a session (or token) is. */
  public record Whoami(String principal, String role, List<String> namespaces, Instant expiresAt) {}

  @Override
  public void register(Router router) {
    router.post("/api/session", Role.ANYONE, this::login);
    router.get("/api/session", Role.VIEWER, this::whoami);
    router.delete("/api/session", Role.ANYONE, this::logout);
  }

  private void login(Context ctx) {
    Login login = Bodies.optional(ctx, Login.class, null);
    if (login == null || login.token() == null || login.token().isBlank()) {
      throw ProblemException.badRequest("send the token as JSON: {\"token\": \"...\"}");
    }
    Optional<ApiToken> token = access.authenticate(login.token().trim());
    if (token.isEmpty()) {
      throw new ProblemException(401, "unauthorized", "that token is not one this server knows");
    }
    Sessions.Session session = sessions.open(token.get());
    ctx.cookie(cookie(ctx, session.id(), (int) Sessions.LIFETIME.toSeconds()));
    ctx.header("Cache-Control", "no-store");
    ctx.json(whoami(token.get(), session.expiresAt()));
  }

  private void whoami(Context ctx) {
    Caller caller = AccessFilter.caller(ctx);
    Instant expires =
        sessions.find(ctx.cookie(Sessions.COOKIE)).map(Sessions.Session::expiresAt).orElse(null);
    ctx.json(whoami(caller.token(), expires));
  }

  private void logout(Context ctx) {
    sessions.close(ctx.cookie(Sessions.COOKIE));
    ctx.cookie(cookie(ctx, "", 0));
    ctx.status(204);
  }

  private static Whoami whoami(ApiToken token, Instant expiresAt) {
    return new Whoami(
        token.principal(),
        token.role().label(),
        List.copyOf(new TreeSet<>(token.namespaces())),
        expiresAt);
  }

  private static Cookie cookie(Context ctx, String value, int maxAgeSeconds) {
    boolean https =
        "https".equalsIgnoreCase(ctx.scheme())
            || "https".equalsIgnoreCase(ctx.header("X-Forwarded-Proto"));
    return new Cookie(
        Sessions.COOKIE, value, "/", maxAgeSeconds, https, true, null, SameSite.STRICT);
  }
}
