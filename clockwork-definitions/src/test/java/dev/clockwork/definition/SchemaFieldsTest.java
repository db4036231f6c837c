package dev.clockwork.definition;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every property of machine.schema.json has a {@link FieldCase} that fails if the property is
 * ignored: the schema is walked for its property paths ({@code machine.zone}, {@code state.onDone},
 * {@code transition.dst.gap}, {@code action.emit.mode}, …: the definition's name and the property's
 * keys, {@code machine} for the root), and a path without a case — or a case naming no property —
 * fails.
 */
class SchemaFieldsTest {
  static List<FieldCase> cases() {
    List<FieldCase> all = new ArrayList<>();
    all.addAll(MachineFieldCases.cases());
    all.addAll(StateFieldCases.cases());
    all.addAll(TransitionFieldCases.cases());
    all.addAll(ActionFieldCases.cases());
    all.addAll(HistoryFieldCases.cases());
    return all;
  }

  /** The property paths of the schema, in the order it declares them. */
  static Set<String> schemaFields() throws IOException {
    JsonNode schema;
    try (InputStream in = MachineFormat.class.getResourceAsStream(MachineFormat.SCHEMA_RESOURCE)) {
      schema = new ObjectMapper().readTree(in);
    }
    Set<String> fields = new LinkedHashSet<>();
    walk(schema, "machine", fields);
    for (Iterator<Map.Entry<String, JsonNode>> it = schema.get("$defs").fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> def = it.next();
      walk(def.getValue(), def.getKey(), fields);
    }
    return fields;
  }

  /** Collects the properties under {@code node}; a $ref is walked as its own definition. */
  private static void walk(JsonNode node, String prefix, Set<String> fields) {
    if (node == null || !node.isObject()) {
      return;
    }
    JsonNode properties = node.get("properties");
    if (properties != null) {
      for (Iterator<Map.Entry<String, JsonNode>> it = properties.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> property = it.next();
        String path = prefix + "." + property.getKey();
        fields.add(path);
        walk(property.getValue(), path, fields);
      }
    }
    for (String key : List.of("oneOf", "anyOf", "allOf")) {
      if (node.has(key)) {
        node.get(key).forEach(item -> walk(item, prefix, fields));
      }
    }
    walk(node.get("items"), prefix, fields);
    walk(node.get("additionalProperties"), prefix, fields);
  }

  @Test
  void everySchemaFieldHasACaseAndEveryCaseAField() throws IOException {
    Set<String> fields = schemaFields();
    List<String> covered = cases().stream().map(FieldCase::field).toList();
    assertThat(fields).as("the schema's fields").hasSizeGreaterThan(50);
    assertThat(covered).as("schema fields without a case").containsAll(fields);
    assertThat(fields).as("cases naming no schema field").containsAll(covered);
    assertThat(covered).as("one case per field").doesNotHaveDuplicates();
  }

  @Test
  void theWalkerFindsFieldsAtEveryDepth() throws IOException {
    assertThat(schemaFields())
        .contains(
            "machine.id",
            "state.onFail",
            "transition.dst.overlap",
            "branch.guards",
            "action.emit.mode",
            "action.sendParent.payload");
  }

  @TestFactory
  Stream<DynamicTest> eachFieldChangesWhatTheMachineDoes() {
    return cases().stream().map(c -> DynamicTest.dynamicTest(c.field(), c::check));
  }
}
