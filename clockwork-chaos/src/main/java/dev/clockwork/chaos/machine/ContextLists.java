package dev.clockwork.chaos.machine;

import dev.clockwork.core.behavior.ActionScope;
import java.util.ArrayList;
import java.util.List;

/**
 * The lists the test machines keep in their contexts: an action appends a number or a token, the
 * observer reads the list back. A value appended twice (an event or a fire applied twice) shows as
 * two entries.
 */
public final class ContextLists {
  private ContextLists() {}

  /** Appends {@code value} to the list under {@code key} in the scope's context. */
  static void append(ActionScope x, String key, Object value) {
    List<Object> more = new ArrayList<>();
    if (x.context().get(key) instanceof List<?> old) {
      more.addAll(old);
    }
    more.add(value);
    x.set(key, more);
  }

  /** The number in the event's payload under {@code key}; refuses an event without one. */
  static long payloadNumber(ActionScope x, String key) {
    Object value = x.event().payload().get(key);
    if (!(value instanceof Number number)) {
      throw new IllegalArgumentException(
          "event " + x.event().type() + " carries no numeric '" + key + "' payload: " + value);
    }
    return number.longValue();
  }

  /** The numbers of a list read from a context, as longs (empty when there is no list). */
  public static List<Long> numbers(Object list) {
    List<Long> numbers = new ArrayList<>();
    if (list instanceof List<?> values) {
      for (Object value : values) {
        numbers.add(((Number) value).longValue());
      }
    }
    return numbers;
  }

  /** The values of a list read from a context, as strings (empty when there is no list). */
  public static List<String> tokens(Object list) {
    List<String> tokens = new ArrayList<>();
    if (list instanceof List<?> values) {
      for (Object value : values) {
        tokens.add(String.valueOf(value));
      }
    }
    return tokens;
  }
}
