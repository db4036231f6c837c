package dev.clockwork.server.api.instance;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import dev.clockwork.server.http.ProblemException;
import dev.clockwork.server.http.Problems;
import java.util.stream.Collectors;

/** Request bodies read strictly, with errors naming the field that is wrong. */
final class Bodies {
  private Bodies() {}

  static <T> T read(String body, ObjectMapper json, Class<T> type, String example) {
    if (body == null || body.isBlank()) {
      throw ProblemException.badRequest("send a JSON body such as " + example);
    }
    T value;
    try {
      value = json.readValue(body, type);
    } catch (UnrecognizedPropertyException e) {
      throw Problems.unknownField(e);
    } catch (JsonMappingException e) {
      String field =
          e.getPath().stream()
              .map(p -> p.getFieldName() != null ? p.getFieldName() : "[" + p.getIndex() + "]")
              .collect(Collectors.joining("."));
      throw ProblemException.badRequest(
          (field.isEmpty() ? "the body" : "field '" + field + "'")
              + " is not what this endpoint takes (objects for payload, input, labels, memo and"
              + " search_attributes; texts for ids and names): send a body such as "
              + example);
    } catch (JacksonException e) {
      throw ProblemException.badRequest(
          "the body is not JSON (" + e.getOriginalMessage() + "); send a body such as " + example);
    }
    if (value == null) {
      throw ProblemException.badRequest(
          "this endpoint takes a JSON object, not null: send a body such as " + example);
    }
    return value;
  }
}
