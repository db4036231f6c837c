package dev.clockwork.server.access;

import dev.clockwork.runtime.instance.NamespacedIds;
import dev.clockwork.server.http.ProblemException;
import io.javalin.http.Context;
import io.javalin.http.Handler;
import java.util.Set;

/**
 * The namespace a request acts in, the tenant boundary of the API: the {@code X-Namespace} header
 * (or the {@code namespace} query parameter, for an {@code EventSource} that cannot send headers);
 * else the token's namespace when it holds exactly one; else the server's default. A caller whose
 * token does not hold the namespace is refused with 403; inside it, another namespace's instances,
 * dead letters, timers and audit are never found (404). What acts on every namespace — a machine's
 * queue, its figures, purges, metrics — needs a token that holds them all ({@code *}).
 */
public final class Namespaces {
  /** The request header naming the namespace. */
  public static final String HEADER = "X-Namespace";

  /** The query parameter naming the namespace, for clients that cannot send a header. */
  public static final String PARAM = "namespace";

  /** The namespace of requests that name none, when nothing else is configured. */
  public static final String DEFAULT = NamespacedIds.DEFAULT;

  private Namespaces() {}

  /** The request's namespace ({@link #DEFAULT} when it names none), checked against the token. */
  public static String of(Context ctx) {
    return of(ctx, DEFAULT);
  }

  /** The request's namespace ({@code fallback} when it names none), checked against the token. */
  public static String of(Context ctx, String fallback) {
    Caller caller = AccessFilter.caller(ctx);
    String namespace = named(ctx);
    if (namespace == null) {
      Set<String> held = caller.token().namespaces();
      namespace =
          held.size() == 1 && !held.contains(ApiToken.ALL_NAMESPACES)
              ? held.iterator().next()
              : fallback;
    } else if (!namespace.matches("[A-Za-z0-9][A-Za-z0-9._-]{0,99}")) {
      throw ProblemException.badRequest(
          "X-Namespace (or ?namespace=) '"
              + namespace
              + "' is not a namespace name: letters, digits, '.', '_' and '-', up to 100");
    }
    if (!caller.sees(namespace)) {
      throw new ProblemException(
          403,
          "forbidden",
          "token '" + caller.principal() + "' may not see namespace '" + namespace + "'");
    }
    return namespace;
  }

  /**
   * Refuses a request that names a namespace ({@code X-Namespace} or {@code ?namespace=}) that is
   * not a namespace name (400) or that its token does not hold (403), whatever the route: the
   * access filter calls it before any route reads its input.
   */
  static void checkNamed(Context ctx) {
    if (named(ctx) != null) {
      of(ctx);
    }
  }

  /**
   * Refuses, with 403 naming the rule, a caller whose token does not hold every namespace: {@code
   * what} acts on (or shows figures of) every tenant's work.
   */
  public static void requireAll(Context ctx, String what) {
    Caller caller = AccessFilter.caller(ctx);
    if (!caller.token().namespaces().contains(ApiToken.ALL_NAMESPACES)) {
      throw new ProblemException(
          403,
          "forbidden",
          what
              + " spans every namespace: token '"
              + caller.principal()
              + "' holds only "
              + caller.token().namespaces()
              + "; use a token for every namespace ('*')");
    }
  }

  /** {@code handler} for callers whose token holds every namespace ({@link #requireAll}). */
  public static Handler everyNamespace(String what, Handler handler) {
    return ctx -> {
      requireAll(ctx, what);
      handler.handle(ctx);
    };
  }

  /** Whether the caller's token holds every namespace. */
  public static boolean holdsAll(Context ctx) {
    return AccessFilter.caller(ctx).token().namespaces().contains(ApiToken.ALL_NAMESPACES);
  }

  private static String named(Context ctx) {
    String namespace = ctx.header(HEADER);
    if (namespace == null || namespace.isBlank()) {
      namespace = ctx.queryParam(PARAM);
    }
    return namespace == null || namespace.isBlank() ? null : namespace;
  }
}
