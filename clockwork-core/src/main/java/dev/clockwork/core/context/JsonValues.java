package dev.clockwork.core.context;

import dev.clockwork.core.input.InputRules;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Checks that a context value can be written as JSON and freezes collections, so a context stays
 * immutable and every store can persist it: no string or key of it may hold a NUL ({@link
 * InputRules#text}).
 */
public final class JsonValues {
  private JsonValues() {}

  /**
   * Returns {@code value} (lists and maps as unmodifiable copies) when it is a JSON value.
   *
   * @throws IllegalArgumentException naming {@code key} and the offending type or NUL
   */
  public static Object checked(String key, Object value) {
    if (value instanceof String text) {
      return InputRules.text(key, text);
    }
    if (value == null
        || value instanceof Boolean
        || value instanceof Integer
        || value instanceof Long
        || value instanceof Double
        || value instanceof BigDecimal
        || value instanceof BigInteger
        || value instanceof Short
        || value instanceof Float) {
      return value;
    }
    if (value instanceof List<?>) {
      List<?> list = (List<?>) value;
      List<Object> copy = new ArrayList<>(list.size());
      for (int i = 0; i < list.size(); i++) {
        copy.add(checked(key + "[" + i + "]", list.get(i)));
      }
      return Collections.unmodifiableList(copy);
    }
    if (value instanceof Map<?, ?>) {
      Map<String, Object> copy = new LinkedHashMap<>();
      for (Map.Entry<?, ?> entry : ((Map<?, ?>) value).entrySet()) {
        if (!(entry.getKey() instanceof String)) {
          throw new IllegalArgumentException(
              "context key '" + key + "': map keys must be strings, found " + entry.getKey());
        }
        String child = InputRules.text("a key in " + key, (String) entry.getKey());
        copy.put(child, checked(key + "." + child, entry.getValue()));
      }
      return Collections.unmodifiableMap(copy);
    }
    throw new IllegalArgumentException(
        "context key '"
            + key
            + "': a "
            + value.getClass().getName()
            + " is not a JSON value; store a String, Number, Boolean, null, List or Map"
            + " (for a date or an amount, store its ISO text or a number)");
  }

  /**
   * True when two JSON values are the same JSON: numbers compare by value whatever their Java type
   * (a stored {@code 1} may come back as an Integer or a Long), lists by their elements in order,
   * maps by their entries in any order.
   */
  public static boolean sameJson(Object a, Object b) {
    if (a == b) {
      return true;
    }
    if (a == null || b == null) {
      return false;
    }
    if (a instanceof Number x && b instanceof Number y) {
      return decimal(x).compareTo(decimal(y)) == 0;
    }
    if (a instanceof List<?> x && b instanceof List<?> y) {
      if (x.size() != y.size()) {
        return false;
      }
      for (int i = 0; i < x.size(); i++) {
        if (!sameJson(x.get(i), y.get(i))) {
          return false;
        }
      }
      return true;
    }
    if (a instanceof Map<?, ?> x && b instanceof Map<?, ?> y) {
      if (x.size() != y.size()) {
        return false;
      }
      for (Map.Entry<?, ?> entry : x.entrySet()) {
        if (!y.containsKey(entry.getKey()) || !sameJson(entry.getValue(), y.get(entry.getKey()))) {
          return false;
        }
      }
      return true;
    }
    return a.equals(b);
  }

  private static BigDecimal decimal(Number number) {
    if (number instanceof BigDecimal d) {
      return d;
    }
    if (number instanceof BigInteger i) {
      return new BigDecimal(i);
    }
    if (number instanceof Double || number instanceof Float) {
      return BigDecimal.valueOf(number.doubleValue());
    }
    return BigDecimal.valueOf(number.longValue());
  }
}
