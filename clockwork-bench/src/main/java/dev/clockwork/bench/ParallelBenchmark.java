package dev.clockwork.bench;

import dev.clockwork.bench.machines.ClockworkMachines;
import dev.clockwork.bench.machines.SpringMachines;
import dev.clockwork.bench.machines.SquirrelMachines;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.interpreter.Interpreter;
import dev.clockwork.core.interpreter.Snapshot;
import java.time.Instant;
import java.util.List;
import java.util.TreeSet;
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
 * (c) A parallel state with three regions, each flipping a ⇄ b on the same event X: one operation
 * is one event, which takes three transitions (one per region). Spring's regions are top-level (see
 * {@link SpringMachines#parallel()}); Clockwork's and squirrel's sit in a parallel state p.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class ParallelBenchmark {

  @State(Scope.Thread)
  public static class ClockworkParallel {
    final Instant now = Instant.parse("2024-01-01T00:00:00Z");
    Snapshot snapshot;

    @Setup
    public void start() {
      snapshot = Interpreter.start(ClockworkMachines.parallel(), null, now).snapshot();
      List<String> after = Interpreter.transition(snapshot, Event.of("X"), now).snapshot().value();
      Sanity.expect(after, "[p.r1.b, p.r2.b, p.r3.b]", "Clockwork parallel");
    }
  }

  @State(Scope.Thread)
  public static class SpringParallel {
    StateMachine<String, String> machine;

    @Setup
    public void start() {
      machine = SpringMachines.parallel();
      Sanity.accepted(SpringMachines.send(machine, "X"), "Spring parallel");
      Sanity.expect(
          new TreeSet<>(machine.getState().getIds()), "[r1.b, r2.b, r3.b]", "Spring parallel");
    }

    @TearDown
    public void stop() {
      machine.stopReactively().block();
    }
  }

  @State(Scope.Thread)
  public static class SquirrelParallel {
    UntypedStateMachine machine;

    @Setup
    public void start() {
      machine = SquirrelMachines.parallel();
      machine.fire("X");
      Sanity.expect(
          new TreeSet<>(machine.getSubStatesOn("p")), "[r1.b, r2.b, r3.b]", "squirrel parallel");
    }
  }

  @Benchmark
  public Snapshot clockwork(ClockworkParallel s) {
    s.snapshot = Interpreter.transition(s.snapshot, Event.of("X"), s.now).snapshot();
    return s.snapshot;
  }

  @Benchmark
  public Object spring(SpringParallel s) {
    return SpringMachines.send(s.machine, "X");
  }

  @Benchmark
  public Object squirrel(SquirrelParallel s) {
    s.machine.fire("X");
    return s.machine.getCurrentState();
  }
}
