package dev.clockwork.definition.write;

import dev.clockwork.core.definition.MachineBuilder;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.definition.StartTimer;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Writes a machine as the data {@code MachineReader} reads: its settings ({@code id}, {@code
 * version}, {@code zone}, {@code context}, {@code maxTransitionDepth}, {@code startOn}; defaults
 * left out) and then the root's state keys.
 */
public final class MachineWriter {
  private static final ZoneId UTC = ZoneId.of("UTC");

  private MachineWriter() {}

  /**
   * The machine as plain maps, lists and scalars, keys in the format's order.
   *
   * @throws DefinitionExportException when a behaviour was given as a lambda
   */
  public static Map<String, Object> write(MachineDefinition definition) {
    return write(definition, CodeParts.refused());
  }

  /**
   * The machine as {@link #write(MachineDefinition)} gives it, with the parts that are code marked
   * instead of refused: the document a node deploys for a machine defined in Java. A node without
   * that code reads it to show the machine; its {@code requires} list tells it that it cannot run
   * it.
   */
  public static Map<String, Object> writeDeployed(MachineDefinition definition) {
    return write(definition, CodeParts.marked());
  }

  private static Map<String, Object> write(MachineDefinition definition, CodeParts code) {
    if (!definition.validatedEvents().isEmpty()) {
      code.mark(
          definition.id() + ".validate",
          "event validators "
              + definition.validatedEvents()
              + " are code, which the format cannot write yet; export the machine without"
              + " validate(…) and register them in Java");
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("id", definition.id());
    if (definition.version() != 1) {
      out.put("version", definition.version());
    }
    if (!definition.zone().equals(UTC)) {
      out.put("zone", definition.zone().getId());
    }
    Map<String, Object> context = definition.initialContext().asMap();
    if (!context.isEmpty()) {
      out.put("context", new LinkedHashMap<>(context));
    }
    if (definition.maxTransitionDepth() != MachineBuilder.DEFAULT_MAX_TRANSITION_DEPTH) {
      out.put("maxTransitionDepth", definition.maxTransitionDepth());
    }
    List<String> startOn = new ArrayList<>();
    for (StartTimer timer : definition.startTimers()) {
      startText(timer, definition, code).ifPresent(startOn::add);
    }
    if (!startOn.isEmpty()) {
      out.put("startOn", startOn);
    }
    new StateWriter(definition, code).writeKeys(definition.root(), out);
    if (!code.marks().isEmpty()) {
      out.put("requires", code.marks());
    }
    return out;
  }

  private static Optional<String> startText(
      StartTimer timer, MachineDefinition definition, CodeParts code) {
    String where = definition.id() + ".startOn";
    if (timer.isComputed()) {
      code.mark(
          where, "a computed start timer cannot be written as data; write its cycle, cron or date");
      return Optional.empty();
    }
    if (!timer.input().isEmpty()) {
      code.mark(
          where,
          "start timer '" + timer.text() + "' has an input, which the format cannot write yet");
    }
    if (timer.zone() != null && !timer.zone().equals(definition.zone())) {
      code.mark(
          where,
          "start timer '"
              + timer.text()
              + "' has its own zone, which the format cannot write yet; use the machine's zone");
    }
    return Optional.of(timer.text());
  }
}
