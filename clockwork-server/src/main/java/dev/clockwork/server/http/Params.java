package dev.clockwork.server.http;

import io.javalin.http.Context;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;

/**
 * Query parameters read with errors that name the parameter and what it takes (400), so a bad
 * {@code ?limit=-1} never reaches the database.
 */
public final class Params {
  private Params() {}

  /** An integer parameter within [min, max], {@code fallback} when absent. */
  public static int intParam(Context ctx, String name, int fallback, int min, int max) {
    String text = ctx.queryParam(name);
    if (text == null || text.isBlank()) {
      return fallback;
    }
    try {
      int value = Integer.parseInt(text.trim());
      if (value >= min && value <= max) {
        return value;
      }
    } catch (NumberFormatException e) {
      // fall through to the error below
    }
    throw ProblemException.badRequest(
        name + "=" + text + " is not allowed: give a whole number from " + min + " to " + max);
  }

  /** The page size parameter {@code limit}: 1 to {@code max}, {@code fallback} when absent. */
  public static int limit(Context ctx, int fallback, int max) {
    return intParam(ctx, "limit", fallback, 1, max);
  }

  /** An ISO 8601 instant parameter, or null when absent. */
  public static Instant instant(Context ctx, String name) {
    String text = ctx.queryParam(name);
    if (text == null || text.isBlank()) {
      return null;
    }
    try {
      return Instant.parse(text.trim());
    } catch (DateTimeParseException e) {
      throw ProblemException.badRequest(
          name + "=" + text + " is not an ISO 8601 instant such as 2026-11-25T10:00:00Z");
    }
  }

  /** An ISO 8601 duration parameter ({@code PT30S}), or {@code fallback} when absent. */
  public static Duration duration(Context ctx, String name, Duration fallback) {
    String text = ctx.queryParam(name);
    if (text == null || text.isBlank()) {
      return fallback;
    }
    try {
      return Duration.parse(text.trim());
    } catch (DateTimeParseException e) {
      throw ProblemException.badRequest(
          name + "=" + text + " is not an ISO 8601 duration such as PT30S or PT5M");
    }
  }
}
