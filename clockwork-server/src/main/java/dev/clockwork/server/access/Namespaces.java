package dev.clockwork.server.access;

import dev.clockwork.server.http.ProblemException;
import io.javalin.http.Context;

/**
 * The schedule namespace of a request: the {@code X-Namespace} header, {@code default} when absent.
 * A caller whose token does not see the namespace is refused with 403.
 */
public final class Namespaces {
  /** The request header naming the namespace. */
  public static final String HEADER = "X-Namespace";

  /** The namespace of requests that name none. */
  public static final String DEFAULT = "default";

  private Namespaces() {}

  /** The request's namespace, checked against the caller's token. */
  public static String of(Context ctx) {
    String namespace = ctx.header(HEADER);
    if (namespace == null || namespace.isBlank()) {
      namespace = DEFAULT;
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
