package dev.clockwork.definition.scxml;

import dev.clockwork.core.definition.StateNode;

/**
 * SCXML names for Clockwork's: a state's {@code id} is its dotted path, made an XML name (a
 * character an XML name cannot hold becomes {@code _xHHHH_}, its UTF-16 code in hex, and a name
 * that cannot start one gets a leading {@code _}); an event name keeps every character but white
 * space, which separates event descriptors in SCXML and becomes {@code _xHHHH_} too. Characters XML
 * itself must escape ({@code < & "}) are escaped by the XML writer, not here.
 */
final class ScxmlIds {
  private ScxmlIds() {}

  static String of(StateNode state) {
    return name(state.path());
  }

  /** {@code text} as an XML name (an NCName: no colon). */
  static String name(String text) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      boolean start = out.isEmpty();
      if (c == '_' && text.startsWith("_x", i)) {
        out.append(escape(c)); // keeps a literal "_x" apart from an escape
      } else if (start ? isNameStart(c) : isNameStart(c) || isNamePart(c)) {
        out.append(c);
      } else if (start && isNamePart(c)) {
        out.append('_').append(c);
      } else {
        out.append(escape(c));
      }
    }
    return out.isEmpty() ? "_" : out.toString();
  }

  /** An event name with its white space escaped. */
  static String event(String event) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < event.length(); i++) {
      char c = event.charAt(i);
      out.append(Character.isWhitespace(c) ? escape(c) : String.valueOf(c));
    }
    return out.toString();
  }

  private static String escape(char c) {
    return String.format("_x%04X_", (int) c);
  }

  private static boolean isNameStart(char c) {
    return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c == '_' || Character.isLetter(c);
  }

  private static boolean isNamePart(char c) {
    return c >= '0' && c <= '9' || c == '.' || c == '-';
  }
}
