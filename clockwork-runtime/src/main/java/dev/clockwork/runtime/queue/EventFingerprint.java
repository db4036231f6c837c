package dev.clockwork.runtime.queue;

import dev.clockwork.core.event.Event;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What an idempotency key remembers of its first event, to tell a retry (the same event again) from
 * a different event under a reused key: the SHA-256 of the event's type and payload written
 * canonically — object keys sorted, numbers by value ({@code 1}, {@code 1L} and {@code 1.0} are one
 * number), every text length-prefixed so no two payloads write alike.
 */
public final class EventFingerprint {
  private EventFingerprint() {}

  /** The fingerprint of {@code event}: 64 hex digits. */
  public static String of(Event event) {
    StringBuilder text = new StringBuilder();
    write(text, event.type());
    write(text, event.payload());
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256")
              .digest(text.toString().getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("this JVM has no SHA-256", e);
    }
  }

  /** True when {@code stored} (null for keys kept before fingerprints were) matches the event. */
  public static boolean matches(String stored, Event event) {
    return stored == null || stored.equals(of(event));
  }

  private static void write(StringBuilder text, Object value) {
    if (value == null) {
      text.append('n');
    } else if (value instanceof String s) {
      text.append('s').append(s.length()).append(':').append(s);
    } else if (value instanceof Boolean b) {
      text.append(b ? 't' : 'f');
    } else if (value instanceof Number n) {
      String number = new BigDecimal(n.toString()).stripTrailingZeros().toPlainString();
      text.append('d').append(number.length()).append(':').append(number);
    } else if (value instanceof Map<?, ?> map) {
      Map<String, Object> sorted = new TreeMap<>();
      map.forEach((k, v) -> sorted.put(String.valueOf(k), v));
      text.append('{').append(sorted.size()).append(':');
      sorted.forEach(
          (k, v) -> {
            write(text, k);
            write(text, v);
          });
    } else if (value instanceof List<?> list) {
      text.append('[').append(list.size()).append(':');
      list.forEach(item -> write(text, item));
    } else {
      write(text, value.toString());
    }
  }
}
