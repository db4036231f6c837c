package dev.clockwork.definition;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.clockwork.definition.read.FormatKeys;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The published JSON Schema names exactly the keys the reader accepts, place by place, so neither
 * can grow a key the other does not know. (No JSON Schema validator is among the build's
 * dependencies; the reader itself refuses every key the schema does not name.)
 */
class SchemaTest {
  static JsonNode schema;

  @BeforeAll
  static void load() throws IOException {
    try (InputStream in = MachineFormat.class.getResourceAsStream(MachineFormat.SCHEMA_RESOURCE)) {
      assertThat(in).as("the schema is on the class path").isNotNull();
      schema = new ObjectMapper().readTree(in);
    }
  }

  static List<String> names(JsonNode node) {
    List<String> names = new ArrayList<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }

  static List<String> texts(JsonNode array) {
    List<String> texts = new ArrayList<>();
    array.forEach(item -> texts.add(item.asText()));
    return texts;
  }

  @Test
  void theMachineTakesItsOwnKeysAndAStatesKeysButType() {
    List<String> expected = new ArrayList<>(FormatKeys.MACHINE_ONLY);
    expected.addAll(FormatKeys.STATE);
    expected.remove("type");
    assertThat(names(schema.get("properties"))).containsExactlyInAnyOrderElementsOf(expected);
    assertThat(schema.get("additionalProperties").asBoolean(true)).isFalse();
  }

  @Test
  void aStateTakesTheStateKeysAndItsTypes() {
    JsonNode state = schema.at("/$defs/state");
    assertThat(names(state.get("properties")))
        .containsExactlyInAnyOrderElementsOf(FormatKeys.STATE);
    assertThat(texts(state.at("/properties/type/enum")))
        .containsExactlyElementsOf(FormatKeys.STATE_TYPES);
  }

  @Test
  void aTransitionABranchAnActionAndADstPolicyTakeTheirKeys() {
    JsonNode transition = schema.at("/$defs/transition/oneOf/2/properties");
    assertThat(names(transition)).containsExactlyInAnyOrderElementsOf(FormatKeys.TRANSITION);
    assertThat(names(schema.at("/$defs/branch/properties")))
        .containsExactlyInAnyOrderElementsOf(FormatKeys.BRANCH);
    assertThat(names(schema.at("/$defs/action/oneOf/1/properties")))
        .containsExactlyInAnyOrderElementsOf(FormatKeys.ACTION);
    assertThat(names(transition.at("/dst/properties")))
        .containsExactlyInAnyOrderElementsOf(FormatKeys.DST);
    assertThat(names(schema.at("/$defs/action/oneOf/1/properties/sendParent/oneOf/1/properties")))
        .containsExactlyInAnyOrderElementsOf(FormatKeys.SEND_PARENT);
    assertThat(names(schema.at("/$defs/action/oneOf/1/properties/emit/properties")))
        .containsExactlyInAnyOrderElementsOf(FormatKeys.EMIT);
  }

  @Test
  void aHistoryStateAndAGuardMapTakeTheirKeys() {
    JsonNode history = schema.at("/$defs/history");
    assertThat(names(history.get("properties")))
        .containsExactlyInAnyOrderElementsOf(FormatKeys.HISTORY);
    assertThat(history.at("/properties/type/const").asText()).isEqualTo(FormatKeys.HISTORY_TYPE);
    assertThat(texts(history.at("/properties/history/enum")))
        .containsExactlyElementsOf(FormatKeys.HISTORY_TYPES);
    assertThat(names(schema.at("/$defs/guard/oneOf/1/properties")))
        .containsExactlyInAnyOrderElementsOf(FormatKeys.GUARD);
  }

  @Test
  void keysReservedForLaterAreNotInTheSchema() {
    assertThat(names(schema.get("properties")))
        .doesNotContainAnyElementsOf(FormatKeys.MACHINE_NOT_YET.keySet());
    assertThat(names(schema.at("/$defs/state/properties")))
        .noneMatch(FormatKeys.STATE_NOT_YET::containsKey);
    assertThat(names(schema.at("/$defs/action/oneOf/1/properties")))
        .noneMatch(FormatKeys.ACTION_NOT_YET::containsKey);
  }
}
