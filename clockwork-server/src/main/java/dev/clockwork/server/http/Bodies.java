package dev.clockwork.server.http;

import io.javalin.http.Context;
import java.time.Duration;

/**
 * Request bodies read strictly (an unknown field or a wrong type is a 400 naming it, through {@link
 * Problems}), optional ones allowed to be empty.
 */
public final class Bodies {
  private Bodies() {}

  /** The body as {@code type}; a 400 when there is none. */
  public static <T> T required(Context ctx, Class<T> type) {
    if (ctx.body().isBlank()) {
      throw ProblemException.badRequest(
          "this endpoint takes a JSON body; see GET /api/openapi.json for its fields");
    }
    return ctx.bodyAsClass(type);
  }

  /** The body as {@code type}, or {@code absent} when the request has no body. */
  public static <T> T optional(Context ctx, Class<T> type, T absent) {
    return ctx.body().isBlank() ? absent : ctx.bodyAsClass(type);
  }

  /** A delay from a body: none is zero, a negative one is a 400. */
  public static Duration delay(Duration delay) {
    if (delay == null) {
      return Duration.ZERO;
    }
    if (delay.isNegative()) {
      throw ProblemException.badRequest(
          "delay " + delay + " is negative: give how long to wait, such as PT5M, or leave it out");
    }
    return delay;
  }
}
