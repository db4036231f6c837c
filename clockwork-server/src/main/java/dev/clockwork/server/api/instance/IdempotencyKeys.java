package dev.clockwork.server.api.instance;

import dev.clockwork.server.http.ProblemException;
import io.javalin.http.Context;

/** The {@code Idempotency-Key} request header: up to 200 visible ASCII characters, or none. */
final class IdempotencyKeys {
  static final String HEADER = "Idempotency-Key";

  private IdempotencyKeys() {}

  /** The request's key, or null when it sends none. */
  static String of(Context ctx) {
    String key = ctx.header(HEADER);
    if (key == null) {
      return null;
    }
    if (!key.matches("[\\x21-\\x7e]{1,200}")) {
      throw ProblemException.badRequest(
          "Idempotency-Key '"
              + key
              + "' is not a key: use 1 to 200 visible ASCII characters, such as a UUID");
    }
    return key;
  }
}
