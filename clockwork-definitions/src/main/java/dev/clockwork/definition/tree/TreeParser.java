package dev.clockwork.definition.tree;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads YAML or JSON text into {@link SourceNode}s with Jackson's streaming parser, keeping each
 * node's location (a tree of {@code JsonNode}s would lose it). A key written twice in one map is an
 * error, never a silent overwrite.
 */
public final class TreeParser {
  private final JsonFactory factory;

  public TreeParser(JsonFactory factory) {
    this.factory = factory;
  }

  /** Parses one document; {@code text} must hold exactly one value. */
  public SourceNode parse(String text) {
    try (JsonParser parser = factory.createParser(text)) {
      JsonToken first = parser.nextToken();
      if (first == null) {
        throw new TreeProblem(
            new Location(1, 1), "", "the text is empty; write a machine, e.g. 'id: order'");
      }
      return node(parser);
    } catch (JsonProcessingException e) {
      throw new TreeProblem(
          location(e.getLocation()), "", "the text cannot be parsed: " + reason(e));
    } catch (IOException e) {
      throw new TreeProblem(Location.UNKNOWN, "", "the text cannot be read: " + e.getMessage());
    }
  }

  private SourceNode node(JsonParser parser) throws IOException {
    Location at = location(parser.currentTokenLocation());
    JsonToken token = parser.currentToken();
    return switch (token) {
      case START_OBJECT -> map(parser, at);
      case START_ARRAY -> list(parser, at);
      case VALUE_STRING -> new SourceNode.ScalarNode(at, parser.getText());
      case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT ->
          new SourceNode.ScalarNode(at, parser.getNumberValue());
      case VALUE_TRUE -> new SourceNode.ScalarNode(at, Boolean.TRUE);
      case VALUE_FALSE -> new SourceNode.ScalarNode(at, Boolean.FALSE);
      case VALUE_NULL -> new SourceNode.ScalarNode(at, null);
      default ->
          throw new TreeProblem(at, "", "unexpected " + token + "; write maps, lists and text");
    };
  }

  private SourceNode map(JsonParser parser, Location at) throws IOException {
    Map<String, SourceNode.Entry> entries = new LinkedHashMap<>();
    while (parser.nextToken() == JsonToken.FIELD_NAME) {
      String key = parser.currentName();
      Location keyAt = location(parser.currentTokenLocation());
      parser.nextToken();
      SourceNode value = node(parser);
      SourceNode.Entry previous = entries.put(key, new SourceNode.Entry(key, keyAt, value));
      if (previous != null) {
        throw new TreeProblem(
            keyAt,
            "",
            "the key '"
                + key
                + "' is written twice in one map (first at "
                + previous.keyLocation()
                + "); keep one");
      }
    }
    return new SourceNode.MapNode(at, entries);
  }

  private SourceNode list(JsonParser parser, Location at) throws IOException {
    List<SourceNode> items = new ArrayList<>();
    while (parser.nextToken() != JsonToken.END_ARRAY) {
      items.add(node(parser));
    }
    return new SourceNode.ListNode(at, items);
  }

  /** The parser's reason without the excerpts of the text it quotes (the location says where). */
  private static String reason(JsonProcessingException e) {
    String message = String.valueOf(e.getOriginalMessage());
    List<String> lines = new ArrayList<>();
    for (String line : message.split("\\R")) {
      if (!line.isBlank() && !Character.isWhitespace(line.charAt(0))) {
        lines.add(line.trim());
      }
    }
    return lines.isEmpty() ? message.trim() : String.join("; ", lines);
  }

  private static Location location(JsonLocation location) {
    if (location == null || location.getLineNr() < 1) {
      return Location.UNKNOWN;
    }
    return new Location(location.getLineNr(), Math.max(location.getColumnNr(), 0));
  }
}
