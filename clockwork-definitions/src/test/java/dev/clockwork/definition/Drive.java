package dev.clockwork.definition;

import dev.clockwork.core.behavior.Action;
import dev.clockwork.core.behavior.Behaviors;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.event.TimerFire;
import dev.clockwork.core.interpreter.ArmedTimer;
import dev.clockwork.core.interpreter.Interpreter;
import dev.clockwork.core.interpreter.Snapshot;
import dev.clockwork.core.interpreter.StepResult;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Drives one instance through the core interpreter on a virtual clock, keeping a trace. */
final class Drive {
  static final Instant T0 = Instant.parse("2026-03-02T00:00:00Z");

  /** The behaviours every test machine may name. */
  static final Behaviors BEHAVIORS =
      Behaviors.builder()
          .guard("isNotPaid", scope -> !scope.context().getBoolean("paid"))
          .guard("isPaid", scope -> scope.context().getBoolean("paid"))
          .guard("never", scope -> false)
          .action("markPaid", scope -> scope.set("paid", true))
          .action("retryPayment", count("retries"))
          .action("count", count("count"))
          .action("countExit", count("exits"))
          .timerValue("oneHour", context -> Duration.ofHours(1))
          .build();

  private StepResult last;
  private Instant now = T0;
  private final List<String> trace = new ArrayList<>();

  private Drive(StepResult started) {
    this.last = started;
    record("start");
  }

  static Drive start(MachineDefinition definition) {
    return start(definition, Map.of());
  }

  static Drive start(MachineDefinition definition, Map<String, ?> input) {
    return new Drive(Interpreter.start(definition, input, T0));
  }

  /**
   * The machine {@code text} describes, written out and read back ({@link RoundTrip}): every test
   * driving it checks that export keeps what the key does.
   */
  static MachineDefinition yaml(String text) {
    return RoundTrip.of(MachineFormat.yaml().read("test.yaml", text, BEHAVIORS));
  }

  /** Sends {@code type} with {@code payload}. */
  Drive send(String type, Map<String, ?> payload) {
    last = Interpreter.transition(last.snapshot(), Event.of(type, payload), now);
    record(type);
    return this;
  }

  Drive send(String type) {
    last = Interpreter.transition(last.snapshot(), Event.of(type), now);
    record(type);
    return this;
  }

  Drive at(Instant when) {
    now = when;
    return this;
  }

  /** Fires the armed timer of {@code event} at its due instant, as the runtime's sweep would. */
  Drive fire(String event) {
    ArmedTimer timer = timer(event);
    now = timer.due();
    TimerFire fire = new TimerFire(timer.key(), timer.entryId(), timer.due());
    last = Interpreter.transition(last.snapshot(), Event.timerFire(timer.event(), fire), now);
    record("fire " + event);
    return this;
  }

  ArmedTimer timer(String event) {
    return snapshot().timers().stream()
        .filter(t -> t.event().equals(event))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no timer for " + event + " in " + snapshot()));
  }

  Snapshot snapshot() {
    return last.snapshot();
  }

  StepResult last() {
    return last;
  }

  List<String> value() {
    return snapshot().value();
  }

  Object context(String key) {
    return snapshot().context().get(key);
  }

  /** After each step: the event, active states, armed timers (key, event, due, fires), context. */
  List<String> trace() {
    return trace;
  }

  private void record(String step) {
    List<String> timers = new ArrayList<>();
    for (ArmedTimer t : snapshot().timers()) {
      timers.add(
          t.key() + " " + t.event() + " " + t.due() + " x" + t.fires() + " " + t.thenPhase());
    }
    trace.add(step + " -> " + value() + " " + timers + " " + snapshot().context().asMap());
  }

  private static Action count(String key) {
    return scope -> {
      Object before = scope.context().get(key);
      scope.set(key, before == null ? 1 : ((Number) before).intValue() + 1);
    };
  }
}
