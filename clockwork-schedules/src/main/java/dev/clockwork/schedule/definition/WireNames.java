package dev.clockwork.schedule.definition;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The text forms of the schedule enums: {@code buffer_one} on the wire; {@code BufferOne}, {@code
 * BUFFER_ONE} and {@code buffer-one} read back as the same constant.
 */
final class WireNames {
  private WireNames() {}

  static String of(Enum<?> constant) {
    return constant.name().toLowerCase(Locale.ROOT);
  }

  static <E extends Enum<E>> E parse(Class<E> type, String what, String text) {
    if (text != null) {
      String key = normalise(text);
      for (E constant : type.getEnumConstants()) {
        if (normalise(constant.name()).equals(key)) {
          return constant;
        }
      }
    }
    String accepted =
        Arrays.stream(type.getEnumConstants()).map(WireNames::of).collect(Collectors.joining(", "));
    throw new InvalidScheduleException(what + " '" + text + "' is unknown; use one of " + accepted);
  }

  /** Lower case without separators, so BufferOne, BUFFER_ONE and buffer-one compare equal. */
  private static String normalise(String text) {
    return text.trim().replace("_", "").replace("-", "").toLowerCase(Locale.ROOT);
  }
}
