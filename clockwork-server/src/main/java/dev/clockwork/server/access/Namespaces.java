package dev.clockwork.server.access;

import dev.clockwork.server.http.ProblemException;
import io.javalin.http.Context;

/**
 * The schedule namespace of a request: the {@code X-Namespace} header, else the server's default
 * (the schedules' configured namespace, {@code schedules.namespace} in {@code clockwork.yaml}). A
 * caller whose token does not see the namespace is refused with 403.
 */
public final class Namespaces {
  /** The request header naming the namespace. */
  public static final String HEADER = "X-Namespace";

  /** The namespace of requests that name none, when nothing else is configured. */
  public static final String DEFAULT = "default";

  private Namespaces() {}

  /** The request's namespace ({@link #DEFAULT} when it names none), checked against the token. */
  public static String of(Context ctx) {
    return of(ctx, DEFAULT);
  }

  /** The request's namespace ({@code fallback} when it names none), checked against the token. */
  public static String of(Context ctx, String fallback) {
    String namespace = ctx.header(HEADER);
    if (namespace == null || namespace.isBlank()) {
      namespace = fallback;
    } else if (!namespace.matches("[A-Za-z0-9][A-Za-z0-9._-]{0,99}")) {
      throw ProblemException.badRequest(
          "X-Namespace '"
              + namespace
              + "' is not a namespace name: letters, digits, '.', '_' and '-', up to 100");
    }
    Caller caller = AccessFilter.caller(ctx);
    if (!caller.sees(namespace)) {
      throw new ProblemException(
          403,
          "forbidden",
          "token '" + caller.principal() + "' may not see namespace '" + namespace + "'");
    }
    return namespace;
  }
}
