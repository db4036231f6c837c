package dev.clockwork.cli.command;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A JSON object given on the command line — as text ({@code --payload '{"amount": 10}'}), from a
 * file ({@code --payload-file order.json}) or as {@code key=value} pairs ({@code --set amount=10},
 * each value read as JSON when it is JSON, as text otherwise) — read strictly: one object, no
 * trailing content, no duplicate keys, errors naming the option.
 */
final class JsonArgument {
  private static final ObjectMapper STRICT =
      JsonMapper.builder()
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
          .enable(com.fasterxml.jackson.core.StreamReadFeature.STRICT_DUPLICATE_DETECTION)
          .build();

  private JsonArgument() {}

  /**
   * The object the options give (empty when none is given).
   *
   * @throws IllegalArgumentException naming the option and the fix
   */
  static Map<String, Object> object(
      String textOption, String text, String fileOption, Path file, Map<String, String> pairs) {
    if (text != null && file != null) {
      throw new IllegalArgumentException("give " + textOption + " or " + fileOption + ", not both");
    }
    Map<String, Object> object = new LinkedHashMap<>();
    if (text != null) {
      object.putAll(parse(textOption, text));
    } else if (file != null) {
      object.putAll(parse(fileOption + " " + file, read(fileOption, file)));
    }
    if (pairs != null) {
      pairs.forEach((key, value) -> object.put(key, scalar(value)));
    }
    return object;
  }

  private static String read(String option, Path file) {
    try {
      return Files.readString(file);
    } catch (NoSuchFileException e) {
      throw new IllegalArgumentException(option + ": no file " + file);
    } catch (IOException e) {
      throw new IllegalArgumentException(option + ": cannot read " + file + ": " + e.getMessage());
    }
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> parse(String where, String text) {
    Object value;
    try {
      value = STRICT.readValue(text, Object.class);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(
          where
              + " is not one JSON object: "
              + e.getOriginalMessage()
              + "; e.g. '{\"amount\": 10}'");
    }
    if (!(value instanceof Map)) {
      throw new IllegalArgumentException(
          where + " must be a JSON object, e.g. '{\"amount\": 10}', not " + text.strip());
    }
    return (Map<String, Object>) value;
  }

  /** A {@code --set} value: JSON when it reads as JSON ({@code 10}, {@code true}), else text. */
  private static Object scalar(String value) {
    try {
      return STRICT.readValue(value, Object.class);
    } catch (JsonProcessingException e) {
      return value;
    }
  }
}
