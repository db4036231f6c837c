package dev.clockwork.core.event;

import dev.clockwork.core.context.JsonValues;
import dev.clockwork.core.input.InputRules;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Something that happened to a machine instance: a type ({@code "PAY"}), an optional JSON payload,
 * and, for timer fires, which timer fired for which state entry.
 *
 * @param type the event type, matched against {@code on(...)} keys
 * @param payload JSON values carried by the event; never null
 * @param timer set when the event is a timer fire, null otherwise
 */
public record Event(String type, Map<String, Object> payload, TimerFire timer) {
  public Event {
    Objects.requireNonNull(type, "event type");
    if (type.isBlank()) {
      throw new IllegalArgumentException("an event type must not be blank");
    }
    InputRules.text("event type", type);
    payload = payload == null || payload.isEmpty() ? Map.of() : freeze(payload);
  }

  /** An event with no payload. */
  public static Event of(String type) {
    return new Event(type, Map.of(), null);
  }

  /** An event with a payload of JSON values. */
  public static Event of(String type, Map<String, ?> payload) {
    return new Event(type, Collections.unmodifiableMap(new LinkedHashMap<>(payload)), null);
  }

  /** The fire of an armed timer; the interpreter drops it when its state entry is gone. */
  public static Event timerFire(String type, TimerFire fire) {
    return new Event(type, Map.of(), Objects.requireNonNull(fire, "fire"));
  }

  public boolean isTimerFire() {
    return timer != null;
  }

  private static Map<String, Object> freeze(Map<String, Object> payload) {
    @SuppressWarnings("unchecked")
    Map<String, Object> checked = (Map<String, Object>) JsonValues.checked("payload", payload);
    return checked;
  }

  @Override
  public String toString() {
    return timer != null
        ? type + " (timer " + timer.key() + ")"
        : payload.isEmpty() ? type : type + payload;
  }
}
