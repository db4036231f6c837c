package dev.clockwork.server.http;

import io.javalin.http.Context;
import java.util.UUID;

/**
 * The id of a request: the caller's {@code X-Request-Id} when it sends one (up to 100 visible
 * characters), a new UUID otherwise; echoed in the response and recorded with operator actions.
 */
public final class RequestIds {
  /** The request and response header. */
  public static final String HEADER = "X-Request-Id";

  private static final String ATTRIBUTE = "clockwork.requestId";

  private RequestIds() {}

  /** The request's id, assigned on first use. */
  public static String of(Context ctx) {
    String id = ctx.attribute(ATTRIBUTE);
    if (id == null) {
      String sent = ctx.header(HEADER);
      id =
          sent != null && sent.matches("[\\x21-\\x7e]{1,100}")
              ? sent
              : UUID.randomUUID().toString();
      ctx.attribute(ATTRIBUTE, id);
      ctx.header(HEADER, id);
    }
    return id;
  }
}
