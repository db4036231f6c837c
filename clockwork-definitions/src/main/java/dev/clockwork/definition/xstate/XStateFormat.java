package dev.clockwork.definition.xstate;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.clockwork.core.InvalidDefinitionException;
import dev.clockwork.core.behavior.Behaviors;
import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineBuilder;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.definition.DefinitionFormatException;
import dev.clockwork.definition.write.DefinitionExportException;
import java.util.Map;
import java.util.Objects;

/**
 * Imports and exports an XState v5 machine, the JSON {@code createMachine} takes:
 *
 * <pre>{@code
 * MachineDefinition toggle = XStateFormat.read("toggle.json", json, behaviors);
 * String exported = XStateFormat.write(toggle);
 * }</pre>
 *
 * Guards and actions are names ({@code "isPaid"} or {@code {"type": "isPaid"}}) resolved in the
 * {@link Behaviors} given; {@code after} delays become Clockwork timers on the event {@code
 * xstate.after.<ms>.<state path>}. Anything XState can express that this import does not carry over
 * is a {@link DefinitionFormatException} naming the source, the JSON path and the fix.
 */
public final class XStateFormat {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private XStateFormat() {}

  /**
   * Reads one XState machine from {@code json}.
   *
   * @param source the name errors give the text, e.g. its file name
   * @throws DefinitionFormatException naming the source, JSON path and fix of a mistake
   */
  public static MachineDefinition read(String source, String json, Behaviors behaviors) {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(json, "json");
    Objects.requireNonNull(behaviors, "behaviors");
    JsonNode root;
    try {
      root = MAPPER.readTree(json);
    } catch (JsonProcessingException e) {
      throw new DefinitionFormatException(
          source, "", "not JSON: " + e.getOriginalMessage() + "; export the machine as JSON");
    }
    try {
      return read(root, behaviors);
    } catch (XStateProblem problem) {
      throw new DefinitionFormatException(source, problem.path(), problem.getMessage());
    } catch (InvalidDefinitionException e) {
      throw new DefinitionFormatException(source, e.path(), e.problem());
    }
  }

  /**
   * Exports {@code definition} as the XState v5 JSON {@code createMachine} takes: states, {@code
   * on}, {@code after} (from timers written as a fixed {@code after}), {@code always}, {@code
   * onDone}, entry and exit actions and guards by name, parallel and final states, the initial
   * context. Targets are a sibling's name or the state's default XState id ({@code
   * #order.processing.charging}); a self-transition gets {@code reenter: true}, as Clockwork
   * re-enters its source. {@link #read Reading} the JSON back gives a machine that behaves the same
   * (its timers' events become {@code xstate.after.<ms>.<path>}).
   *
   * @throws DefinitionExportException naming the path and the fix of what XState cannot say the
   *     same way: child machines, recurring, calendar and cron timers, several guards on one
   *     transition, built-in and lambda actions, lambda guards, onFail
   */
  public static String write(MachineDefinition definition) {
    Objects.requireNonNull(definition, "definition");
    try {
      return MAPPER
          .writerWithDefaultPrettyPrinter()
          .writeValueAsString(XStateWriter.write(definition));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write machine " + definition.id(), e);
    }
  }

  private static MachineDefinition read(JsonNode root, Behaviors behaviors) {
    if (root == null || !root.isObject()) {
      throw new XStateProblem("", "the machine must be a JSON object, e.g. {\"id\": \"toggle\"}");
    }
    JsonNode id = root.get("id");
    if (id == null || !id.isTextual()) {
      throw new XStateProblem("", "the machine has no 'id'; add one, e.g. \"id\": \"toggle\"");
    }
    MachineBuilder builder = Machine.define(id.asText());
    builder.behaviors(behaviors);
    JsonNode context = root.get("context");
    if (context != null) {
      if (!context.isObject()) {
        throw new XStateProblem("context", "context must be an object, e.g. {\"count\": 0}");
      }
      @SuppressWarnings("unchecked")
      Map<String, ?> initial = MAPPER.convertValue(context, Map.class);
      builder.context(initial);
    }
    XStateIds ids = XStateIds.index(id.asText(), root);
    new XStateStateReader(ids).readMachine(root, builder);
    return builder.build();
  }
}
