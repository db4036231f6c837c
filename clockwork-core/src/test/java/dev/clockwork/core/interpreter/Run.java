package dev.clockwork.core.interpreter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.behavior.Action;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.event.TimerFire;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Drives the pure interpreter in tests: one instance, a fixed clock, a log of actions. */
final class Run {
  static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

  private StepResult last;

  private Run(StepResult started) {
    this.last = started;
  }

  static Run start(MachineDefinition definition) {
    return new Run(Interpreter.start(definition, Map.of(), T0));
  }

  Run send(String type) {
    last = Interpreter.transition(last.snapshot(), Event.of(type), T0);
    return this;
  }

  /** Sends the fire of {@code timer} processed at {@code at}, as the runtime's sweep would. */
  Run fire(ArmedTimer timer, Instant at) {
    last =
        Interpreter.transition(last.snapshot(), Event.timerFire(timer.event(), fireOf(timer)), at);
    return this;
  }

  /** Skips the fire of {@code timer} at {@code at}, as the runtime does once it failed for good. */
  Run skip(ArmedTimer timer, Instant at) {
    last = Interpreter.skipFire(last.snapshot(), fireOf(timer), at);
    return this;
  }

  /** The one armed timer of the instance. */
  ArmedTimer timer() {
    assertThat(last.snapshot().timers()).hasSize(1);
    return last.snapshot().timers().get(0);
  }

  static TimerFire fireOf(ArmedTimer timer) {
    return new TimerFire(timer.key(), timer.entryId(), timer.due());
  }

  StepResult last() {
    return last;
  }

  Snapshot snapshot() {
    return last.snapshot();
  }

  List<String> value() {
    return last.snapshot().value();
  }

  @SuppressWarnings("unchecked")
  List<String> log() {
    Object log = last.snapshot().context().get("log");
    return log == null ? List.of() : (List<String>) log;
  }

  /** An action appending {@code word} to the context list "log". */
  static Action log(String word) {
    return scope -> {
      @SuppressWarnings("unchecked")
      List<String> log = (List<String>) scope.context().get("log");
      List<String> next = log == null ? new ArrayList<>() : new ArrayList<>(log);
      next.add(word);
      scope.set("log", next);
    };
  }
}
