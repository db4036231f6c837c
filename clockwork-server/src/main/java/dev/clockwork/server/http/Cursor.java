package dev.clockwork.server.http;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * Opaque page cursors: the position after a page's last item (an id or a sequence number),
 * base64url-encoded so callers pass it back as it is rather than building one.
 */
public final class Cursor {
  private Cursor() {}

  /** The cursor for {@code position}. */
  public static String encode(String position) {
    return Base64.getUrlEncoder()
        .withoutPadding()
        .encodeToString(position.getBytes(StandardCharsets.UTF_8));
  }

  /** The position in the {@code cursor} query parameter, or null when absent. */
  public static String decode(String cursor) {
    if (cursor == null || cursor.isBlank()) {
      return null;
    }
    try {
      String position =
          new String(Base64.getUrlDecoder().decode(cursor.trim()), StandardCharsets.UTF_8);
      if (position.indexOf('\0') >= 0) {
        throw new IllegalArgumentException("a NUL in a cursor");
      }
      return position;
    } catch (IllegalArgumentException e) {
      throw ProblemException.badRequest(
          "cursor=" + cursor + " is not a cursor this API gave out: pass next_cursor as it is");
    }
  }
}
