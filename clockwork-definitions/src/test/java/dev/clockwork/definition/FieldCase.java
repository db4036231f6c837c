package dev.clockwork.definition;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.clockwork.core.definition.MachineDefinition;
import java.util.function.Function;

/**
 * One schema field's test: a machine that uses the field, what it then does ({@code observe}, an
 * outcome such as the active states after some events, a timer's due instant or an effect), and
 * where the field is written ({@code remove}, a JSON pointer into the YAML). The case passes when
 * the machine does {@code expected} and the same machine with the field removed does not — so it
 * fails if the reader (or the writer, as {@link Drive#yaml} writes the machine out and reads it
 * back) ignored the field. A read or a run that throws has the outcome {@code error: <exception>}.
 *
 * @param field the schema property, e.g. {@code transition.after} (see {@link SchemaFieldsTest})
 * @param yaml the machine
 * @param remove the JSON pointer of the field in {@code yaml}
 * @param observe what the machine does
 * @param expected what it must do with the field
 */
record FieldCase(
    String field,
    String yaml,
    String remove,
    Function<MachineDefinition, Object> observe,
    Object expected) {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  void check() throws Exception {
    assertThat(outcome(yaml)).as(field + " used").isEqualTo(expected);
    assertThat(outcome(without())).as(field + " removed").isNotEqualTo(expected);
  }

  /** {@code yaml} without the field. */
  String without() throws Exception {
    JsonNode root = YAML.readTree(yaml);
    JsonPointer pointer = JsonPointer.compile(remove);
    assertThat(root.at(pointer).isMissingNode()).as(field + ": nothing at " + remove).isFalse();
    JsonNode parent = root.at(pointer.head());
    String last = pointer.last().getMatchingProperty();
    if (parent instanceof ArrayNode array) {
      array.remove(Integer.parseInt(last));
    } else {
      ((ObjectNode) parent).remove(last);
    }
    return YAML.writeValueAsString(root);
  }

  private Object outcome(String text) {
    try {
      return observe.apply(Drive.yaml(text));
    } catch (Throwable e) {
      return "error: " + e.getClass().getSimpleName();
    }
  }
}
