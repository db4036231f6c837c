package dev.clockwork.postgres.internal.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.event.TimerFire;
import dev.clockwork.core.time.IsoInstants;
import dev.clockwork.runtime.queue.AttemptError;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Queued events and their attempt errors as JSON: {@code {type, payload, timer: {key, entryId,
 * due}}} and {@code [{attempt, at, error}]}. A fire's due instant is kept to the nanosecond: the
 * interpreter accepts a fire only for the exact due it was armed with.
 */
public final class EventJson {
  private EventJson() {}

  public static String writeEvent(Event event) {
    ObjectNode node = JsonValuesCodec.MAPPER.createObjectNode().put("type", event.type());
    if (!event.payload().isEmpty()) {
      node.set("payload", JsonValuesCodec.MAPPER.valueToTree(event.payload()));
    }
    TimerFire fire = event.timer();
    if (fire != null) {
      node.putObject("timer")
          .put("key", fire.key())
          .put("entryId", fire.entryId())
          .put("due", IsoInstants.format(fire.due()));
    }
    return node.toString();
  }

  public static Event readEvent(String json) {
    JsonNode node = JsonValuesCodec.tree(json);
    JsonNode timer = node.get("timer");
    TimerFire fire =
        timer == null
            ? null
            : new TimerFire(
                timer.get("key").textValue(),
                timer.get("entryId").longValue(),
                IsoInstants.parseInstant(timer.get("due").textValue()));
    return new Event(
        node.get("type").textValue(), JsonValuesCodec.toMap(node.get("payload")), fire);
  }

  /** An event's headers as a JSON object of texts; null (SQL NULL) when it has none. */
  public static String writeHeaders(Map<String, String> headers) {
    if (headers.isEmpty()) {
      return null;
    }
    ObjectNode node = JsonValuesCodec.MAPPER.createObjectNode();
    headers.forEach(node::put);
    return node.toString();
  }

  /** Headers written by {@link #writeHeaders}; empty for null. */
  public static Map<String, String> readHeaders(String json) {
    if (json == null) {
      return Map.of();
    }
    Map<String, String> headers = new LinkedHashMap<>();
    JsonValuesCodec.tree(json)
        .fields()
        .forEachRemaining(e -> headers.put(e.getKey(), e.getValue().asText()));
    return headers;
  }

  public static String writeErrors(List<AttemptError> errors) {
    ArrayNode array = JsonValuesCodec.MAPPER.createArrayNode();
    for (AttemptError error : errors) {
      array
          .addObject()
          .put("attempt", error.attempt())
          .put("at", IsoInstants.format(error.at()))
          .put("error", error.error());
    }
    return array.toString();
  }

  public static List<AttemptError> readErrors(String json) {
    List<AttemptError> errors = new ArrayList<>();
    for (JsonNode node : JsonValuesCodec.tree(json)) {
      errors.add(
          new AttemptError(
              node.get("attempt").intValue(),
              IsoInstants.parseInstant(node.get("at").textValue()),
              node.get("error").textValue()));
    }
    return errors;
  }
}
