package dev.clockwork.spring.boot.keys;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A property name as it was written, cut into its elements the way Spring reads it: at dots and
 * brackets ({@code clockwork.machines[order].queue}), or at underscores for an environment variable
 * ({@code CLOCKWORK_QUEUE_CONCURRENCY}). Each element keeps where it stands in the name, so a
 * suggestion can be written in the user's own form.
 */
record WrittenKey(String text, boolean environment, List<Element> elements) {

  /**
   * One element: its text, where it starts and ends in the name (brackets included), and its
   * uniform form (lower case, letters and digits only), in which {@code max_attempts}, {@code
   * max-attempts} and {@code maxAttempts} are one.
   */
  record Element(String text, int start, int end) {
    String uniform() {
      return WrittenKey.uniform(text);
    }

    boolean isIndex() {
      return !text.isEmpty() && text.chars().allMatch(Character::isDigit);
    }
  }

  /** A name from {@code application.properties}, YAML, the command line or system properties. */
  static WrittenKey dotted(String name) {
    List<Element> elements = new ArrayList<>();
    int i = 0;
    while (i < name.length()) {
      char c = name.charAt(i);
      if (c == '.') {
        i++;
      } else if (c == '[') {
        int close = name.indexOf(']', i);
        int end = close < 0 ? name.length() : close + 1;
        elements.add(new Element(name.substring(i + 1, close < 0 ? end : close), i, end));
        i = end;
      } else {
        int end = i;
        while (end < name.length() && name.charAt(end) != '.' && name.charAt(end) != '[') {
          end++;
        }
        elements.add(new Element(name.substring(i, end), i, end));
        i = end;
      }
    }
    return new WrittenKey(name, false, List.copyOf(elements));
  }

  /** An environment variable's name, as Spring reads {@code CLOCKWORK_QUEUE_CONCURRENCY}. */
  static WrittenKey environment(String name) {
    List<Element> elements = new ArrayList<>();
    int start = 0;
    for (int i = 0; i <= name.length(); i++) {
      if (i == name.length() || name.charAt(i) == '_') {
        if (i > start) {
          elements.add(new Element(name.substring(start, i), start, i));
        }
        start = i + 1;
      }
    }
    return new WrittenKey(name, true, List.copyOf(elements));
  }

  /** Whether the name's first element is {@code root} (in any of Spring's forms). */
  boolean startsWith(String root) {
    return !elements.isEmpty() && elements.get(0).uniform().equals(uniform(root));
  }

  /** How a known element name is written in this key's form. */
  String display(String name) {
    return display(name, "");
  }

  /** How a known element name is written in this key's form, in the style of {@code writtenAs}. */
  String display(String name, String writtenAs) {
    if (environment) {
      return uniform(name).toUpperCase(Locale.ROOT);
    }
    return writtenAs.contains("_") ? name.replace('-', '_') : name;
  }

  /** The name as written up to (not including) element {@code index}, without a separator. */
  String upTo(int index) {
    return index == 0 ? "" : text.substring(0, elements.get(index - 1).end());
  }

  static String uniform(String name) {
    StringBuilder uniform = new StringBuilder(name.length());
    for (char c : name.toLowerCase(Locale.ROOT).toCharArray()) {
      if (Character.isLetterOrDigit(c)) {
        uniform.append(c);
      }
    }
    return uniform.toString();
  }
}
