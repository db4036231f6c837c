package dev.clockwork.postgres.internal.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.clockwork.core.interpreter.ArmedTimer;
import dev.clockwork.core.time.IsoInstants;
import dev.clockwork.runtime.store.StoredEntry;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The parts of a snapshot kept as JSON: active (or entered) states, armed timers and leaf-state
 * lists. Instants are ISO-8601 text to the nanosecond, so they come back exactly as written. A
 * timer whose fire failed for good carries {@code "failed": true}; the key is absent otherwise.
 */
public final class SnapshotJson {
  private SnapshotJson() {}

  public static String writeActive(List<StoredEntry> active) {
    ArrayNode array = JsonValuesCodec.MAPPER.createArrayNode();
    for (StoredEntry entry : active) {
      array
          .addObject()
          .put("path", entry.path())
          .put("entryId", entry.entryId())
          .put("enteredAt", IsoInstants.format(entry.enteredAt()));
    }
    return array.toString();
  }

  public static List<StoredEntry> readActive(String json) {
    List<StoredEntry> active = new ArrayList<>();
    for (JsonNode node : JsonValuesCodec.tree(json)) {
      active.add(
          new StoredEntry(
              node.get("path").textValue(),
              node.get("entryId").longValue(),
              IsoInstants.parseInstant(node.get("enteredAt").textValue())));
    }
    return active;
  }

  /** What history states recorded; null (SQL NULL) when nothing is. */
  public static String writeHistory(Map<String, List<String>> history) {
    return history.isEmpty() ? null : JsonValuesCodec.write(history);
  }

  /** The history states' record from its column, empty for NULL. */
  public static Map<String, List<String>> readHistory(String json) {
    if (json == null) {
      return Map.of();
    }
    Map<String, List<String>> history = new LinkedHashMap<>();
    JsonValuesCodec.tree(json)
        .fields()
        .forEachRemaining(
            field -> {
              List<String> paths = new ArrayList<>(field.getValue().size());
              field.getValue().forEach(path -> paths.add(path.textValue()));
              history.put(field.getKey(), paths);
            });
    return history;
  }

  public static String writeTimers(List<ArmedTimer> timers) {
    ArrayNode array = JsonValuesCodec.MAPPER.createArrayNode();
    for (ArmedTimer timer : timers) {
      ObjectNode node =
          array
              .addObject()
              .put("key", timer.key())
              .put("event", timer.event())
              .put("entryId", timer.entryId())
              .put("enteredAt", IsoInstants.format(timer.enteredAt()))
              .put("due", IsoInstants.format(timer.due()))
              .put("fires", timer.fires())
              .put("thenPhase", timer.thenPhase());
      if (timer.value() != null) {
        node.put("value", timer.value());
      }
      if (timer.failed()) {
        node.put("failed", true);
      }
    }
    return array.toString();
  }

  public static List<ArmedTimer> readTimers(String json) {
    List<ArmedTimer> timers = new ArrayList<>();
    for (JsonNode node : JsonValuesCodec.tree(json)) {
      JsonNode value = node.get("value");
      JsonNode failed = node.get("failed");
      timers.add(
          new ArmedTimer(
              node.get("key").textValue(),
              node.get("event").textValue(),
              node.get("entryId").longValue(),
              IsoInstants.parseInstant(node.get("enteredAt").textValue()),
              IsoInstants.parseInstant(node.get("due").textValue()),
              node.get("fires").intValue(),
              node.get("thenPhase").booleanValue(),
              value == null || value.isNull() ? null : value.textValue(),
              failed != null && failed.booleanValue()));
    }
    return timers;
  }

  public static String writeStrings(List<String> strings) {
    ArrayNode array = JsonValuesCodec.MAPPER.createArrayNode();
    strings.forEach(array::add);
    return array.toString();
  }

  public static List<String> readStrings(String json) {
    List<String> strings = new ArrayList<>();
    for (JsonNode node : JsonValuesCodec.tree(json)) {
      strings.add(node.textValue());
    }
    return List.copyOf(strings);
  }
}
