package dev.clockwork.server.api.instance;

import dev.clockwork.server.http.ProblemException;
import io.javalin.http.Context;
import java.util.Locale;

/**
 * How an event is sent: {@link #SYNC} (processed in the request, answered with the new state) or
 * {@link #QUEUED} (validated, queued, answered {@code 202}). {@code ?mode=sync|queued} decides;
 * without it, {@code Prefer: respond-async} asks for queued; sync otherwise.
 */
enum SendMode {
  SYNC,
  QUEUED;

  static SendMode of(Context ctx) {
    String mode = ctx.queryParam("mode");
    if (mode != null && !mode.isBlank()) {
      return switch (mode.trim().toLowerCase(Locale.ROOT)) {
        case "sync" -> SYNC;
        case "queued" -> QUEUED;
        default ->
            throw ProblemException.badRequest(
                "mode=" + mode + " is not a send mode: use mode=sync (the default) or mode=queued");
      };
    }
    return prefersAsync(ctx.header("Prefer")) ? QUEUED : SYNC;
  }

  /** Whether a {@code Prefer} header (RFC 7240) asks for {@code respond-async}. */
  static boolean prefersAsync(String prefer) {
    if (prefer == null) {
      return false;
    }
    for (String preference : prefer.split(",")) {
      String token = preference.split(";")[0].trim();
      if (token.equalsIgnoreCase("respond-async")) {
        return true;
      }
    }
    return false;
  }
}
