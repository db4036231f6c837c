package dev.clockwork.runtime.internal;

import dev.clockwork.core.event.Event;
import dev.clockwork.core.interpreter.TimerOperation;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * An operator's timer change as the engine's own event, {@value #EVENT}: sent to the instance like
 * {@code @cancel}, so it applies under the instance's lease, in order with a fire being processed,
 * and is kept in the instance's history with its operation, who asked and why.
 */
public final class TimerOperations {
  /** The event an operation travels as; refused from callers like every {@code @} event. */
  public static final String EVENT = "@timer";

  private TimerOperations() {}

  /**
   * The event that carries {@code operation}, asked for by {@code principal} for {@code reason}.
   */
  public static Event event(TimerOperation operation, String principal, String reason) {
    Map<String, Object> payload = new LinkedHashMap<>();
    payload.put("operation", operation.kind().name().toLowerCase(Locale.ROOT));
    payload.put("timer", operation.timer());
    if (operation.to() != null) {
      payload.put("to", operation.to().toString());
    }
    if (operation.by() != null) {
      payload.put("by", operation.by().toString());
    }
    payload.put("principal", principal);
    if (reason != null) {
      payload.put("reason", reason);
    }
    return Event.of(EVENT, payload);
  }

  /** Whether {@code event} carries a timer operation. */
  public static boolean carries(Event event) {
    return EVENT.equals(event.type()) && !event.isTimerFire();
  }

  /** The operation {@code event} carries. */
  public static TimerOperation of(Event event) {
    Map<String, Object> payload = event.payload();
    String timer = (String) payload.get("timer");
    return switch ((String) payload.get("operation")) {
      case "reschedule" ->
          TimerOperation.reschedule(timer, Instant.parse((String) payload.get("to")));
      case "extend" -> TimerOperation.extend(timer, Duration.parse((String) payload.get("by")));
      case "fire" -> TimerOperation.fireNow(timer);
      case "cancel" -> TimerOperation.cancel(timer);
      default ->
          throw new IllegalArgumentException("unknown timer operation " + payload.get("operation"));
    };
  }
}
