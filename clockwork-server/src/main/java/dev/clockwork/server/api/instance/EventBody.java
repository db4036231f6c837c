package dev.clockwork.server.api.instance;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.clockwork.core.event.Event;
import dev.clockwork.server.http.ProblemException;
import io.javalin.http.Context;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Map;

/**
 * The body of {@code POST /api/instances/{id}/events}: the event type, its payload (a JSON object)
 * and, for queued events, the URL told the outcome ({@code callback_url}). Read here and nowhere
 * else, so the callback wiring has one place to start from.
 *
 * @param callbackUrl the parsed callback URL, or null when none was given
 */
record EventBody(String type, Map<String, Object> payload, URI callbackUrl) {

  private static final String EXAMPLE = "{\"type\": \"PAY\", \"payload\": {\"amount\": 10}}";

  /** The JSON as sent; {@code payload} must be an object, {@code callback_url} a text. */
  record Json(String type, Map<String, Object> payload, String callbackUrl) {}

  /** The event in {@code ctx}'s body; 400 naming what is wrong. */
  static EventBody read(Context ctx, ObjectMapper json) {
    Json body = Bodies.read(ctx.body(), json, Json.class, EXAMPLE);
    if (body.type() == null || body.type().isBlank()) {
      throw ProblemException.badRequest("type is required: name the event, such as \"PAY\"");
    }
    return new EventBody(
        body.type().trim(),
        body.payload() == null ? Map.of() : body.payload(),
        callbackUrl(body.callbackUrl()));
  }

  /** The event to send. */
  Event event() {
    return Event.of(type, payload);
  }

  private static URI callbackUrl(String text) {
    if (text == null) {
      return null;
    }
    try {
      URI uri = new URI(text.trim());
      String scheme = uri.getScheme() == null ? "" : uri.getScheme();
      if ((scheme.equals("http") || scheme.equals("https")) && uri.getHost() != null) {
        return uri;
      }
    } catch (URISyntaxException e) {
      // answered below
    }
    throw ProblemException.badRequest(
        "callback_url '" + text + "' is not an http(s) URL such as https://example.com/hooks/1");
  }
}
