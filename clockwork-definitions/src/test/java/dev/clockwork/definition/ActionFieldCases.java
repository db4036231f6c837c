package dev.clockwork.definition;

import static dev.clockwork.definition.Observe.context;
import static dev.clockwork.definition.Observe.effects;
import static dev.clockwork.definition.Observe.states;

import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.interpreter.Effect;
import dev.clockwork.definition.action.LogAction;
import java.text.MessageFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/** The {@link FieldCase}s of the built-in actions' keys, each the action of {@code a -> GO}. */
final class ActionFieldCases {
  private ActionFieldCases() {}

  private static String go(String action) {
    return "id: m\ninitial: a\nstates:\n  a:\n    on:\n      GO: {actions: "
        + action
        + ", target: a}\n      UP: b\n  b: {}\n";
  }

  private static final String AT = "/states/a/on/GO/actions/";

  private static FieldCase emitted(String field, String action, String key, String expected) {
    return new FieldCase(
        field, go(action), AT + key, effects(Effect.Emitted.class, "GO"), List.of(expected));
  }

  static List<FieldCase> cases() {
    return List.of(
        new FieldCase("action.raise", go("{raise: UP}"), AT + "raise", states("GO"), List.of("b")),
        new FieldCase(
            "action.log",
            go("{log: payment declined}"),
            AT + "log",
            logged(),
            List.of("on GO: payment declined")),
        new FieldCase(
            "action.assign",
            go("{assign: {tier: gold}}"),
            AT + "assign",
            context("tier", "GO"),
            "gold"),
        emitted(
            "action.emit",
            "{emit: {event: CHARGE, machine: payment, mode: async}}",
            "emit",
            "Emitted[target=@payment, event=CHARGE]"),
        emitted(
            "action.emit.event",
            "{emit: {event: CHARGE, machine: payment, mode: async}}",
            "emit/event",
            "Emitted[target=@payment, event=CHARGE]"),
        emitted(
            "action.emit.machine",
            "{emit: {event: CHARGE, machine: payment, mode: async}}",
            "emit/machine",
            "Emitted[target=@payment, event=CHARGE]"),
        emitted(
            "action.emit.instance",
            "{emit: {event: AUDIT, instance: audit-log, mode: async}}",
            "emit/instance",
            "Emitted[target=audit-log, event=AUDIT]"),
        emitted(
            "action.emit.mode",
            "{emit: {event: CHARGE, machine: payment, mode: async}}",
            "emit/mode",
            "Emitted[target=@payment, event=CHARGE]"),
        emitted(
            "action.emit.payload",
            "{emit: {event: CHARGE, machine: payment, mode: async, payload: {amount: 10}}}",
            "emit/payload",
            "Emitted[target=@payment, event=CHARGE{amount=10}]"),
        emitted(
            "action.sendParent",
            "{sendParent: PROGRESS}",
            "sendParent",
            "Emitted[target=@parent, event=PROGRESS]"),
        emitted(
            "action.sendParent.event",
            "{sendParent: {event: PROGRESS}}",
            "sendParent/event",
            "Emitted[target=@parent, event=PROGRESS]"),
        emitted(
            "action.sendParent.payload",
            "{sendParent: {event: PROGRESS, payload: {step: 2}}}",
            "sendParent/payload",
            "Emitted[target=@parent, event=PROGRESS{step=2}]"));
  }

  /** What the machine logs on the {@code log} action's logger when it takes GO. */
  private static Function<MachineDefinition, Object> logged() {
    return m -> {
      Logger logger = Logger.getLogger(LogAction.LOGGER);
      List<String> lines = new ArrayList<>();
      Handler capture =
          new Handler() {
            @Override
            public void publish(LogRecord record) {
              String line = MessageFormat.format(record.getMessage(), record.getParameters());
              lines.add(line.substring(line.indexOf(" on ") + 1));
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
          };
      logger.addHandler(capture);
      try {
        Observe.drive(m, "GO");
      } finally {
        logger.removeHandler(capture);
      }
      return lines;
    };
  }
}
