package dev.clockwork.postgres.internal.json;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.clockwork.core.ClockworkException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * JSON values (contexts, payloads) to and from {@code jsonb} text. Numbers come back by value, not
 * by Java type: integral numbers as {@link Long} (or {@link java.math.BigInteger} past its range),
 * other numbers as {@link Double} when the double prints back as the same decimal, else as {@link
 * BigDecimal}. {@code jsonb} does not keep the order of object keys. NaN and infinities, which JSON
 * cannot hold, are written as the strings {@code "NaN"}, {@code "Infinity"}, {@code "-Infinity"}.
 */
public final class JsonValuesCodec {
  static final ObjectMapper MAPPER =
      JsonMapper.builder()
          .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
          .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
          .build();

  private JsonValuesCodec() {}

  /** JSON text of a JSON value (a map, list, string, number, boolean or null). */
  public static String write(Object value) {
    try {
      return MAPPER.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new ClockworkException("cannot write a value as JSON: " + e.getOriginalMessage(), e);
    }
  }

  /** Parses JSON text into a tree. */
  static JsonNode tree(String json) {
    try {
      return MAPPER.readTree(json);
    } catch (JsonProcessingException e) {
      throw new ClockworkException("cannot read stored JSON: " + e.getOriginalMessage(), e);
    }
  }

  /** A JSON object as an unmodifiable map of Java values. */
  public static Map<String, Object> readMap(String json) {
    return json == null ? Map.of() : toMap(tree(json));
  }

  static Map<String, Object> toMap(JsonNode node) {
    if (node == null || node.isNull() || node.isMissingNode()) {
      return Map.of();
    }
    Map<String, Object> map = new LinkedHashMap<>();
    Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
    while (fields.hasNext()) {
      Map.Entry<String, JsonNode> field = fields.next();
      map.put(field.getKey(), toJava(field.getValue()));
    }
    return Collections.unmodifiableMap(map);
  }

  static Object toJava(JsonNode node) {
    if (node == null || node.isNull()) {
      return null;
    }
    if (node.isTextual()) {
      return node.textValue();
    }
    if (node.isBoolean()) {
      return node.booleanValue();
    }
    if (node.isIntegralNumber()) {
      return node.canConvertToLong() ? (Object) node.longValue() : node.bigIntegerValue();
    }
    if (node.isNumber()) {
      return narrow(node.decimalValue());
    }
    if (node.isArray()) {
      List<Object> list = new ArrayList<>(node.size());
      node.forEach(element -> list.add(toJava(element)));
      return Collections.unmodifiableList(list);
    }
    return toMap(node);
  }

  private static Object narrow(BigDecimal decimal) {
    double asDouble = decimal.doubleValue();
    if (Double.isFinite(asDouble)
        && new BigDecimal(Double.toString(asDouble)).compareTo(decimal) == 0) {
      return asDouble;
    }
    return decimal;
  }
}
