package dev.clockwork.core.input;

import java.text.Normalizer;

/**
 * Checks what a caller hands the engine, throwing an {@link IllegalArgumentException} that names
 * the field and the fix: an id is at most {@value #MAX_ID_LENGTH} characters, in Unicode NFC (two
 * forms of one name would be two instances that look the same; it is refused, never normalised
 * silently) and holds no control character (U+0000–U+001F, U+007F: a namespace is kept apart from
 * an id by one); a text holds no NUL — and so does every key and string of a payload, a context or
 * a memo, which {@code JsonValues.checked} checks with {@link #text} (PostgreSQL cannot store it in
 * text, and a call must never turn into a database error).
 */
public final class InputRules {
  /** The most characters an id (instance, idempotency key, machine, schedule) may have. */
  public static final int MAX_ID_LENGTH = 200;

  private InputRules() {}

  /**
   * Checks the id {@code value} of {@code field}; null passes (the caller decides whether it may be
   * absent).
   *
   * @return {@code value}
   */
  public static String id(String field, String value) {
    if (value == null) {
      return null;
    }
    text(field, value);
    if (value.length() > MAX_ID_LENGTH) {
      throw new IllegalArgumentException(
          field
              + " is "
              + value.length()
              + " characters long ('"
              + value.substring(0, 20)
              + "…'); ids are at most "
              + MAX_ID_LENGTH
              + " characters: use a shorter one");
    }
    int at = controlCharAt(value);
    if (at >= 0) {
      throw new IllegalArgumentException(controlCharMessage(field, value, at));
    }
    if (!Normalizer.isNormalized(value, Normalizer.Form.NFC)) {
      throw new IllegalArgumentException(
          field
              + " '"
              + value
              + "' is not in Unicode NFC form, so it could name a second instance that looks the"
              + " same; send it normalised: java.text.Normalizer.normalize(id,"
              + " Normalizer.Form.NFC)");
    }
    return value;
  }

  /**
   * Where the first control character (U+0000–U+001F, U+007F) of {@code value} is, or -1 when it
   * holds none (or is null): ids are printable text. The one check of the engine, the store and the
   * HTTP guard.
   */
  public static int controlCharAt(String value) {
    for (int i = 0; value != null && i < value.length(); i++) {
      char c = value.charAt(i);
      if (c < 0x20 || c == 0x7F) {
        return i;
      }
    }
    return -1;
  }

  /**
   * The error text for the control character at index {@code at} of the id {@code value} of {@code
   * field}, naming the character and the fix.
   */
  public static String controlCharMessage(String field, String value, int at) {
    return String.format(
        "%s holds the control character U+%04X at index %d; ids are printable text: remove it",
        field, (int) value.charAt(at), at);
  }

  /**
   * Checks that the text {@code value} of {@code field} holds no NUL; null passes.
   *
   * @return {@code value}
   */
  public static String text(String field, String value) {
    if (value != null && value.indexOf('\0') >= 0) {
      throw new IllegalArgumentException(
          field
              + " holds a NUL character (U+0000), which cannot be stored; remove it"
              + " (at index "
              + value.indexOf('\0')
              + ")");
    }
    return value;
  }
}
