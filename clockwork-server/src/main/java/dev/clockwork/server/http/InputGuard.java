package dev.clockwork.server.http;

import dev.clockwork.core.input.InputRules;
import io.javalin.http.Context;
import io.javalin.http.Handler;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Refuses, with a 400 naming the culprit, a body that is not valid UTF-8 (it would be read with
 * replacement characters, and two different byte strings would name one instance), and a NUL
 * character in a path parameter, a query parameter or a body (raw, or the JSON escape {@code
 * \u0000}, whatever the content type), or any other control character in a path parameter (ids are
 * printable text): PostgreSQL cannot store it in text, and a request must never turn into a
 * database error.
 */
public final class InputGuard implements Handler {
  /**
   * {@code \u0000} after an even number of backslashes: an escaped NUL, not an escaped backslash.
   */
  private static final Pattern JSON_NUL = Pattern.compile("(?<!\\\\)(\\\\\\\\)*\\\\u0000");

  @Override
  public void handle(Context ctx) {
    for (Map.Entry<String, String> param : ctx.pathParamMap().entrySet()) {
      check(param.getValue(), "the path parameter " + param.getKey());
      printable(param.getValue(), "the path parameter " + param.getKey());
    }
    for (Map.Entry<String, List<String>> param : ctx.queryParamMap().entrySet()) {
      for (String value : param.getValue()) {
        check(value, "the query parameter " + param.getKey());
      }
    }
    if (!isUtf8(ctx.bodyAsBytes())) {
      throw ProblemException.badRequest("the body is not valid UTF-8; send JSON encoded as UTF-8");
    }
    String body = ctx.body();
    if (body.indexOf('\0') >= 0 || JSON_NUL.matcher(body).find()) {
      // whatever the content type says: a body is read as JSON by every route that reads one
      throw ProblemException.badRequest(
          "the body holds a NUL character (\\u0000), which cannot be stored; remove it");
    }
  }

  private static boolean isUtf8(byte[] bytes) {
    try {
      StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes));
      return true;
    } catch (CharacterCodingException e) {
      return false;
    }
  }

  /** Ids are printable: no control character (one keeps a namespace apart from an id). */
  private static void printable(String value, String what) {
    int at = InputRules.controlCharAt(value);
    if (at >= 0) {
      throw ProblemException.badRequest(InputRules.controlCharMessage(what, value, at));
    }
  }

  private static void check(String value, String what) {
    if (value != null && value.indexOf('\0') >= 0) {
      throw ProblemException.badRequest(
          what + " holds a NUL character, which cannot be stored; remove it");
    }
  }
}
