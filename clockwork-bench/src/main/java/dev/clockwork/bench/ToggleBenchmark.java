package dev.clockwork.bench;

import dev.clockwork.bench.machines.ClockworkMachines;
import dev.clockwork.bench.machines.SpringMachines;
import dev.clockwork.bench.machines.SquirrelMachines;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.interpreter.Interpreter;
import dev.clockwork.core.interpreter.Snapshot;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.springframework.statemachine.StateMachine;
import org.squirrelframework.foundation.fsm.UntypedStateMachine;

/**
 * (a) A two-state toggle: one operation is one TOGGLE event, in each framework.
 *
 * <p>Each operation builds its event the way a caller would ({@code Event.of}, a Spring {@code
 * Message}, squirrel's plain event object). Clockwork returns a new immutable snapshot that the
 * state keeps for the next operation; the other two mutate their machine in place.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class ToggleBenchmark {

  @State(Scope.Thread)
  public static class ClockworkToggle {
    final Instant now = Instant.parse("2024-01-01T00:00:00Z");
    Snapshot snapshot;

    @Setup
    public void start() {
      snapshot = Interpreter.start(ClockworkMachines.toggle(), null, now).snapshot();
      Sanity.expect(
          Interpreter.transition(snapshot, Event.of("TOGGLE"), now).snapshot().value().toString(),
          "[on]",
          "Clockwork toggle");
    }
  }

  @State(Scope.Thread)
  public static class SpringToggle {
    StateMachine<String, String> machine;

    @Setup
    public void start() {
      machine = SpringMachines.toggle();
      Sanity.accepted(SpringMachines.send(machine, "TOGGLE"), "Spring toggle");
      Sanity.expect(machine.getState().getId(), "on", "Spring toggle");
    }

    @TearDown
    public void stop() {
      machine.stopReactively().block();
    }
  }

  @State(Scope.Thread)
  public static class SquirrelToggle {
    UntypedStateMachine machine;

    @Setup
    public void start() {
      machine = SquirrelMachines.toggle();
      machine.fire("TOGGLE");
      Sanity.expect(machine.getCurrentState(), "on", "squirrel toggle");
    }
  }

  @Benchmark
  public Snapshot clockwork(ClockworkToggle s) {
    s.snapshot = Interpreter.transition(s.snapshot, Event.of("TOGGLE"), s.now).snapshot();
    return s.snapshot;
  }

  @Benchmark
  public Object spring(SpringToggle s) {
    return SpringMachines.send(s.machine, "TOGGLE");
  }

  @Benchmark
  public Object squirrel(SquirrelToggle s) {
    s.machine.fire("TOGGLE");
    return s.machine.getCurrentState();
  }
}
