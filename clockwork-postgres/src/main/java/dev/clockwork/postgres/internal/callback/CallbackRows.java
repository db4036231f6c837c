package dev.clockwork.postgres.internal.callback;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.clockwork.runtime.queue.Priority;
import dev.clockwork.runtime.store.callback.CallbackState;
import dev.clockwork.runtime.store.callback.DeliveryAttempt;
import dev.clockwork.runtime.store.callback.StoredCallback;
import java.net.URI;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/** Reads and writes the rows of {@code cw_callbacks} and {@code cw_callback_deliveries}. */
final class CallbackRows {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {};

  private CallbackRows() {}

  /** The stored event: {@code {type, payload, priority}}. */
  static String eventJson(String type, Map<String, Object> payload, Priority priority) {
    Map<String, Object> event = new LinkedHashMap<>();
    event.put("type", type);
    event.put("payload", payload);
    event.put("priority", priority.name());
    try {
      return JSON.writeValueAsString(event);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("an event payload could not be stored as JSON", e);
    }
  }

  static StoredCallback callback(ResultSet rs) throws SQLException {
    Map<String, Object> event = read(rs.getString("event"));
    @SuppressWarnings("unchecked")
    Map<String, Object> payload = (Map<String, Object>) event.getOrDefault("payload", Map.of());
    long eventId = rs.getLong("event_id");
    int status = rs.getInt("last_status");
    Integer lastStatus = rs.wasNull() ? null : status;
    return new StoredCallback(
        rs.getLong("id"),
        rs.getString("instance_id"),
        rs.getString("event_key"),
        eventId,
        (String) event.get("type"),
        payload,
        Priority.parse((String) event.getOrDefault("priority", "NORMAL")),
        URI.create(rs.getString("url")),
        rs.getString("principal"),
        CallbackState.of(rs.getString("state")),
        rs.getString("outcome"),
        rs.getString("body"),
        rs.getInt("attempts"),
        instant(rs.getTimestamp("next_attempt_at")),
        instant(rs.getTimestamp("delivered_at")),
        lastStatus,
        rs.getString("last_error"),
        instant(rs.getTimestamp("created_at")));
  }

  static DeliveryAttempt attempt(ResultSet rs) throws SQLException {
    int status = rs.getInt("status");
    Integer answered = rs.wasNull() ? null : status;
    return new DeliveryAttempt(
        rs.getInt("attempt"),
        rs.getString("delivery_id"),
        instant(rs.getTimestamp("at")),
        answered,
        rs.getString("error"));
  }

  private static Map<String, Object> read(String json) throws SQLException {
    try {
      return JSON.readValue(json, MAP);
    } catch (JsonProcessingException e) {
      throw new SQLException("a stored callback event is not JSON: " + e.getMessage(), e);
    }
  }

  private static Instant instant(Timestamp timestamp) {
    return timestamp == null ? null : timestamp.toInstant();
  }
}
