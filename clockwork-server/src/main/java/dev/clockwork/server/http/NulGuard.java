package dev.clockwork.server.http;

import io.javalin.http.Context;
import io.javalin.http.Handler;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Refuses, with a 400 naming the culprit, a NUL character in a path parameter, a query parameter or
 * a JSON body (the escape {@code \u0000}): PostgreSQL cannot store it in text, and a request must
 * never turn into a database error.
 */
public final class NulGuard implements Handler {
  private static final Pattern JSON_NUL = Pattern.compile("(?<!\\\\)\\\\u0000");

  @Override
  public void handle(Context ctx) {
    for (Map.Entry<String, String> param : ctx.pathParamMap().entrySet()) {
      check(param.getValue(), "the path parameter " + param.getKey());
    }
    for (Map.Entry<String, List<String>> param : ctx.queryParamMap().entrySet()) {
      for (String value : param.getValue()) {
        check(value, "the query parameter " + param.getKey());
      }
    }
    String type = ctx.contentType();
    if (type != null
        && type.startsWith("application/json")
        && JSON_NUL.matcher(ctx.body()).find()) {
      throw ProblemException.badRequest(
          "the JSON body holds a NUL character (\\u0000), which cannot be stored; remove it");
    }
  }

  private static void check(String value, String what) {
    if (value != null && value.indexOf('\0') >= 0) {
      throw ProblemException.badRequest(
          what + " holds a NUL character, which cannot be stored; remove it");
    }
  }
}
