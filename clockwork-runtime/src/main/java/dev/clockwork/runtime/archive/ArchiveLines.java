package dev.clockwork.runtime.archive;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.clockwork.runtime.store.ArchivedInstance;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.InstanceRecord;
import dev.clockwork.runtime.store.StoredEntry;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The archive's line format, version {@value #FORMAT}: one JSON object per instance, written by
 * hand from the records (not by reflection) so that it changes only when this class does.
 *
 * <pre>{@code
 * {"format":1,"archivedAt":"…","reason":"finished","instance":{"id":"…","machine":"…","version":1,"status":"DONE",
 *  "revision":7,"conversationId":"…","active":["closed"],"context":{…},"createdAt":"…",
 *  "updatedAt":"…","queue":"default","labels":{…},"memo":{…},"searchAttributes":{…}},
 *  "history":[{"sequence":1,"at":"…","kind":"CREATED","event":null,"payload":{},
 *  "states":["open"],"detail":null,"eventId":0,"attempt":0}, …]}
 * }</pre>
 *
 * {@code reason} is {@code finished} for an instance purged with its whole history, {@code trimmed}
 * for the oldest rows of a running instance's history (its row as it was when they were trimmed); a
 * line without one (written before the field existed) is {@code finished}. Instants are ISO 8601 in
 * UTC; the context, payloads, memo and search attributes are the JSON values the instance held.
 */
final class ArchiveLines {
  static final int FORMAT = 1;

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private ArchiveLines() {}

  /** One line, without its newline. */
  static String write(ArchivedInstance archived, Instant archivedAt) {
    Map<String, Object> line = new LinkedHashMap<>();
    line.put("format", FORMAT);
    line.put("archivedAt", archivedAt.toString());
    line.put("reason", archived.reason().name().toLowerCase(Locale.ROOT));
    line.put("instance", instance(archived.instance()));
    List<Map<String, Object>> history = new ArrayList<>();
    archived.history().forEach(entry -> history.add(entry(entry)));
    line.put("history", history);
    try {
      return MAPPER.writeValueAsString(line);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(
          "instance " + archived.instance().id() + " cannot be written as JSON: " + e.getMessage(),
          e);
    }
  }

  /** A line read back as JSON values (maps, lists, strings, numbers, booleans, null). */
  @SuppressWarnings("unchecked")
  static Map<String, Object> read(String line) throws JsonProcessingException {
    return MAPPER.readValue(line, LinkedHashMap.class);
  }

  private static Map<String, Object> instance(InstanceRecord r) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("id", r.id());
    out.put("machine", r.machine());
    out.put("version", r.version());
    out.put("status", r.status().name());
    out.put("revision", r.revision());
    out.put("conversationId", r.conversationId());
    // the active states, ancestors included, without the machine's root ("")
    out.put(
        "active",
        r.active().stream().map(StoredEntry::path).filter(path -> !path.isEmpty()).toList());
    out.put("context", r.context());
    out.put("createdAt", text(r.createdAt()));
    out.put("updatedAt", text(r.updatedAt()));
    out.put("queue", r.metadata().queue());
    out.put("labels", r.metadata().labels());
    out.put("memo", r.metadata().memo());
    out.put("searchAttributes", r.metadata().searchAttributes());
    return out;
  }

  private static Map<String, Object> entry(HistoryEntry e) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("sequence", e.sequence());
    out.put("at", text(e.at()));
    out.put("kind", e.kind().name());
    out.put("event", e.event());
    out.put("payload", e.payload());
    out.put("states", e.states());
    out.put("detail", e.detail());
    out.put("eventId", e.eventId());
    out.put("attempt", e.attempt());
    return out;
  }

  private static String text(Instant instant) {
    return instant == null ? null : instant.toString();
  }
}
