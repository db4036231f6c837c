package dev.clockwork.definition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.core.behavior.Target;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.interpreter.Effect;
import dev.clockwork.core.interpreter.Interpreter;
import dev.clockwork.core.interpreter.StepResult;
import dev.clockwork.definition.action.LogAction;
import java.nio.file.Path;
import java.text.MessageFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

/**
 * The built-in actions assign, emit, log and sendParent do what they say, need no code and are
 * written back.
 */
class BuiltInActionsTest {
  private static Drive machine(String actions) {
    return Drive.start(
        Drive.yaml(
            "id: m\ninitial: a\ncontext: {paid: false}\nstates:\n  a:\n    on:\n      GO: {actions: "
                + actions
                + "}\n"));
  }

  @Test
  void assignSetsContextKeysToConstants() {
    Drive drive = machine("{assign: {paid: true, tier: gold}}").send("GO");
    assertThat(drive.context("paid")).isEqualTo(true);
    assertThat(drive.context("tier")).isEqualTo("gold");
  }

  @Test
  void assignReadsTheEventsPayloadByDottedPath() {
    Drive drive =
        machine("{assign: {total: {fromEvent: order.total}, who: {fromEvent: customer}}}")
            .send("GO", Map.of("order", Map.of("total", 42), "customer", "ada"));
    assertThat(drive.context("total")).isEqualTo(42);
    assertThat(drive.context("who")).isEqualTo("ada");
  }

  @Test
  void aPathThePayloadLacksLeavesTheKeyAsItWas() {
    Drive drive = machine("{assign: {paid: {fromEvent: paid}}}").send("GO", Map.of("x", 1));
    assertThat(drive.context("paid")).isEqualTo(false);
  }

  @Test
  void emitAsyncQueuesTheEventForTheTarget() {
    Drive drive =
        machine("{emit: {event: CHARGE, machine: payment, mode: async, payload: {amount: 10}}}")
            .send("GO");
    assertThat(drive.last().effects())
        .contains(
            new Effect.Emitted(
                Target.machine("payment"), Event.of("CHARGE", Map.of("amount", 10))));
    Drive byId = machine("{emit: {event: AUDIT, instance: audit-log, mode: async}}").send("GO");
    assertThat(byId.last().effects())
        .contains(new Effect.Emitted(Target.instance("audit-log"), Event.of("AUDIT")));
  }

  @Test
  void emitSyncRunsTheEmitterInline() {
    Drive drive = machine("{emit: {event: CHARGE, machine: payment}}");
    List<String> emitted = new ArrayList<>();
    StepResult result =
        Interpreter.transition(
            drive.snapshot(),
            Event.of("GO"),
            Drive.T0,
            (target, event) -> {
              emitted.add(target.machine() + ":" + event.type());
              return null;
            });
    assertThat(emitted).containsExactly("payment:CHARGE");
    assertThat(result.effects()).noneMatch(Effect.Emitted.class::isInstance);
  }

  @Test
  void sendParentQueuesTheEventForTheParentInstance() {
    Drive drive = machine("{sendParent: PROGRESS}").send("GO");
    assertThat(drive.last().effects())
        .contains(new Effect.Emitted(Target.parent(), Event.of("PROGRESS")));
    Drive withPayload =
        machine("{sendParent: {event: PROGRESS, payload: {step: 2, of: [a, b]}}}").send("GO");
    assertThat(withPayload.last().effects())
        .contains(
            new Effect.Emitted(
                Target.parent(), Event.of("PROGRESS", Map.of("step", 2, "of", List.of("a", "b")))));
  }

  @Test
  void sendParentNeedsAnEventAndNoOtherKey() {
    assertThatThrownBy(() -> machine("{sendParent: {payload: {step: 2}}}"))
        .hasMessageContaining("sendParent needs an event");
    assertThatThrownBy(() -> machine("{sendParent: {event: X, machine: p}}"))
        .hasMessageContaining("unknown key 'machine'")
        .hasMessageContaining("event, payload");
    assertThatThrownBy(() -> machine("{sendParent: ''}"))
        .hasMessageContaining("sendParent needs an event name");
  }

  @Test
  void logWritesTheTextToTheMachineLogger() {
    Logger logger = Logger.getLogger(LogAction.LOGGER);
    List<String> logged = new ArrayList<>();
    Handler capture =
        new Handler() {
          @Override
          public void publish(LogRecord record) {
            logged.add(MessageFormat.format(record.getMessage(), record.getParameters()));
          }

          @Override
          public void flush() {}

          @Override
          public void close() {}
        };
    logger.addHandler(capture);
    try {
      machine("{log: payment declined}").send("GO");
    } finally {
      logger.removeHandler(capture);
    }
    assertThat(logged).singleElement().asString().endsWith("on GO: payment declined");
  }

  @Test
  void aBuiltInNeedsOneKnownKeyAndEmitATarget() {
    assertThatThrownBy(() -> machine("{raise: X, assign: {paid: true}}"))
        .hasMessageContaining("a built-in action is a map of one key");
    assertThatThrownBy(() -> machine("{emit: {event: X}}"))
        .hasMessageContaining("emit needs an event and one of machine or instance");
    assertThatThrownBy(() -> machine("{emit: {event: X, machine: p, mode: later}}"))
        .hasMessageContaining("sync or async");
    assertThatThrownBy(() -> machine("{emit: {event: X, machine: p, to: q}}"))
        .hasMessageContaining("unknown key 'to'");
  }

  @Test
  void theCheckoutFileOfTheReadmeAssignsAndEmits() {
    MachineDefinition checkout =
        MachineFormat.read(Path.of("src/test/resources/machines/checkout.yaml"), Drive.BEHAVIORS);
    Drive drive =
        Drive.start(RoundTrip.of(checkout)).send("CHECKOUT", Map.of("cart", Map.of("total", 30)));
    assertThat(drive.value()).containsExactly("charging");
    assertThat(drive.context("total")).isEqualTo(30);
    assertThat(drive.context("currency")).isEqualTo("EUR");
    assertThat(drive.last().effects())
        .contains(
            new Effect.Emitted(
                Target.machine("payment"), Event.of("CHARGE", Map.of("reason", "checkout"))));
  }

  @Test
  void builtInsAreWrittenBackAsTheyWereRead() {
    String text =
        "id: m\ninitial: a\nstates:\n  a:\n    entry:\n    - assign: {n: 1, t: {fromEvent: x}}\n"
            + "    - emit: {event: E, instance: i, mode: async}\n    - log: entered\n"
            + "    - sendParent: UP\n    - sendParent: {event: STEP, payload: {step: 2}}\n";
    String written = MachineFormat.yaml().write(Drive.yaml(text));
    assertThat(written)
        .contains("assign:", "fromEvent: x", "emit:", "mode: async", "instance: i", "log: entered")
        .contains("sendParent: UP", "sendParent:\n", "event: STEP", "step: 2");
  }
}
