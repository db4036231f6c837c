package dev.clockwork.server.http;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Jackson's messages with their Java type names ({@code `java.lang.String`}, {@code
 * `dev.clockwork.server.…Body`}) put in JSON's words: an error body names what the caller must
 * send, never the server's classes.
 */
final class JsonKinds {
  private static final Pattern JAVA_TYPE = Pattern.compile("`([\\w$]+\\.)*([\\w$]+)(<[^`]*>)?`");
  private static final Pattern CLASS_NOTE = Pattern.compile("\\s*\\(class [\\w.$]+\\)");

  private static final Map<String, String> KINDS =
      Map.ofEntries(
          Map.entry("String", "text"),
          Map.entry("Integer", "number"),
          Map.entry("int", "number"),
          Map.entry("Long", "number"),
          Map.entry("long", "number"),
          Map.entry("Double", "number"),
          Map.entry("double", "number"),
          Map.entry("BigDecimal", "number"),
          Map.entry("Boolean", "true or false"),
          Map.entry("boolean", "true or false"),
          Map.entry("Map", "object"),
          Map.entry("LinkedHashMap", "object"),
          Map.entry("List", "array"),
          Map.entry("ArrayList", "array"),
          Map.entry("Instant", "ISO 8601 instant"),
          Map.entry("Duration", "ISO 8601 duration"));

  private JsonKinds() {}

  static String withoutJavaTypes(String message) {
    if (message == null) {
      return "";
    }
    Matcher type = JAVA_TYPE.matcher(CLASS_NOTE.matcher(message).replaceAll(""));
    StringBuilder out = new StringBuilder();
    while (type.find()) {
      type.appendReplacement(
          out, Matcher.quoteReplacement(KINDS.getOrDefault(type.group(2), "value")));
    }
    type.appendTail(out);
    return out.toString();
  }
}
