package dev.clockwork.server.http;

import io.javalin.http.Context;
import java.time.Duration;

/**
 * Request bodies read strictly (an unknown field or a wrong type is a 400 naming it, through {@link
 * Problems}), optional ones allowed to be empty.
 */
public final class Bodies {
  private Bodies() {}

  /** The body as {@code type}; a 400 when there is none, or it is JSON {@code null}. */
  public static <T> T required(Context ctx, Class<T> type) {
    if (ctx.body().isBlank()) {
      throw ProblemException.badRequest(
          "this endpoint takes a JSON body; see GET /api/openapi.json for its fields");
    }
    if (isNull(ctx)) {
      throw ProblemException.badRequest(
          "this endpoint takes a JSON object, not null; see GET /api/openapi.json for its fields");
    }
    return ctx.bodyAsClass(type);
  }

  /** The body as {@code type}, or {@code absent} when the request has no body (or JSON null). */
  public static <T> T optional(Context ctx, Class<T> type, T absent) {
    return ctx.body().isBlank() || isNull(ctx) ? absent : ctx.bodyAsClass(type);
  }

  // Javalin's bodyAsClass fails on a body that is JSON null, rather than returning null
  private static boolean isNull(Context ctx) {
    return ctx.body().strip().equals("null");
  }

  /** The longest duration the API takes: about 100 years (an instant past it cannot be stored). */
  public static final Duration LONGEST = Duration.ofDays(36_500);

  /** A delay from a body: none is zero, a negative one or one over 100 years is a 400. */
  public static Duration delay(Duration delay) {
    return delay == null ? Duration.ZERO : bounded("delay", delay);
  }

  /** {@code value} of the parameter or field {@code name}, from zero to {@link #LONGEST}. */
  public static Duration bounded(String name, Duration value) {
    if (value.isNegative()) {
      throw ProblemException.badRequest(
          name + " " + value + " is negative: give a duration such as PT5M or PT24H");
    }
    if (value.compareTo(LONGEST) > 0) {
      throw ProblemException.badRequest(
          name + " " + value + " is over 100 years (P36500D): give a shorter duration");
    }
    return value;
  }
}
