package dev.clockwork.bench;

import dev.clockwork.bench.machines.ClockworkMachines;
import dev.clockwork.core.definition.MachineDefinition;
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

/**
 * (e) The same TOGGLE step in the two-state machine and in a machine with {@value #GROUPS} ×
 * {@value #PER_GROUP} extra states (each with its own NEXT and TOGGLE transitions). Run with JMH's
 * GC profiler ({@code -prof gc}): {@code gc.alloc.rate.norm} is the bytes allocated per transition,
 * which should not depend on how many states the definition has.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class AllocationBenchmark {
  static final int GROUPS = 10;
  static final int PER_GROUP = 20;

  @State(Scope.Thread)
  public static class Small {
    final Instant now = Instant.parse("2024-01-01T00:00:00Z");
    Snapshot snapshot;

    @Setup
    public void start() {
      snapshot = started(ClockworkMachines.toggle(), now);
    }
  }

  @State(Scope.Thread)
  public static class Large {
    final Instant now = Instant.parse("2024-01-01T00:00:00Z");
    Snapshot snapshot;

    @Setup
    public void start() {
      MachineDefinition large = ClockworkMachines.largeToggle(GROUPS, PER_GROUP);
      Sanity.expect(large.states().size(), 3 + GROUPS * (PER_GROUP + 1), "large machine states");
      snapshot = started(large, now);
    }
  }

  static Snapshot started(MachineDefinition definition, Instant now) {
    Snapshot snapshot = Interpreter.start(definition, null, now).snapshot();
    Snapshot on = Interpreter.transition(snapshot, Event.of("TOGGLE"), now).snapshot();
    Sanity.expect(on.value(), "[on]", definition.id() + " toggle");
    return snapshot;
  }

  @Benchmark
  public Snapshot smallMachine(Small s) {
    s.snapshot = Interpreter.transition(s.snapshot, Event.of("TOGGLE"), s.now).snapshot();
    return s.snapshot;
  }

  @Benchmark
  public Snapshot largeMachine(Large s) {
    s.snapshot = Interpreter.transition(s.snapshot, Event.of("TOGGLE"), s.now).snapshot();
    return s.snapshot;
  }
}
