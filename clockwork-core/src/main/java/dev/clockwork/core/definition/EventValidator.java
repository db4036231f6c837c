package dev.clockwork.core.definition;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Checks the payload of one event type before the event is accepted: the engine's {@code send} and
 * {@code enqueue} (and the HTTP API, before it answers {@code 202}) refuse an event whose payload
 * has errors, naming each. Declared with {@link MachineBuilder#validate(String, EventValidator)}. A
 * validator is pure: it reads the payload only, and returns the problems found (empty when none).
 *
 * <pre>{@code
 * Machine.define("order")
 *     .validate("PAY", EventValidator.requiring("amount", "currency"))
 *     .validate("SHIP", payload -> payload.get("carrier") instanceof String
 *         ? List.of() : List.of("carrier must be a text such as \"dhl\""))
 * }</pre>
 */
@FunctionalInterface
public interface EventValidator {
  /** The problems of {@code payload}, each naming the field and what it takes; empty when none. */
  List<String> validate(Map<String, Object> payload);

  /** A validator requiring each of {@code fields} to be present and not null. */
  static EventValidator requiring(String... fields) {
    List<String> required = List.of(fields);
    return payload -> {
      List<String> errors = new ArrayList<>();
      for (String field : required) {
        if (payload.get(field) == null) {
          errors.add("payload." + field + " is required");
        }
      }
      return errors;
    };
  }
}
