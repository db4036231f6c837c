package dev.clockwork.testkit;

import java.math.BigDecimal;
import java.util.Objects;

/** Equality for JSON values in assertions: numbers compare by value, whatever their Java type. */
final class JsonEquality {
  private JsonEquality() {}

  static boolean same(Object expected, Object actual) {
    if (expected instanceof Number && actual instanceof Number) {
      return new BigDecimal(expected.toString()).compareTo(new BigDecimal(actual.toString())) == 0;
    }
    return Objects.equals(expected, actual);
  }
}
