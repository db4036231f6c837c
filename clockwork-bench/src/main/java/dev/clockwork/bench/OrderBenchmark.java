package dev.clockwork.bench;

import dev.clockwork.bench.machines.ClockworkMachines;
import dev.clockwork.bench.machines.Orders;
import dev.clockwork.bench.machines.SpringMachines;
import dev.clockwork.bench.machines.SquirrelMachines;
import dev.clockwork.bench.machines.SquirrelMachines.OrderContext;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.interpreter.Interpreter;
import dev.clockwork.core.interpreter.Snapshot;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.springframework.statemachine.StateMachine;
import org.squirrelframework.foundation.fsm.UntypedStateMachine;

/**
 * (b) The order machine: one invocation sends the full cycle SUBMIT, PAY (guard amount &gt; 0;
 * action paid=true, count+1), SHIP, RESET (action paid=false); a score is per event.
 *
 * <p>Differences the frameworks impose: Clockwork's context is an immutable map of JSON values, so
 * each step that writes builds a new one (a copy of a 3-entry map); Spring writes into its extended
 * state's mutable map; squirrel's actions mutate a plain object the caller passes with each fire.
 * Clockwork therefore does strictly more work per write than the other two.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class OrderBenchmark {
  private static final int EVENTS = 4;

  @State(Scope.Thread)
  public static class ClockworkOrder {
    final Instant now = Instant.parse("2024-01-01T00:00:00Z");
    Snapshot snapshot;

    @Setup
    public void start() {
      snapshot = Interpreter.start(ClockworkMachines.order(), null, now).snapshot();
      Snapshot s = snapshot;
      for (String event : Orders.CYCLE) {
        s = Interpreter.transition(s, Event.of(event), now).snapshot();
      }
      Sanity.expect(s.value(), "[idle]", "Clockwork order");
      Sanity.expect(s.context().getLong(Orders.COUNT, -1), 1, "Clockwork order count");
    }
  }

  @State(Scope.Thread)
  public static class SpringOrder {
    StateMachine<String, String> machine;

    @Setup
    public void start() {
      machine = SpringMachines.order();
      for (String event : Orders.CYCLE) {
        Sanity.accepted(SpringMachines.send(machine, event), "Spring order " + event);
      }
      Sanity.expect(machine.getState().getId(), Orders.IDLE, "Spring order");
      Sanity.expect(
          machine.getExtendedState().get(Orders.COUNT, Long.class), 1, "Spring order count");
    }

    @TearDown
    public void stop() {
      machine.stopReactively().block();
    }
  }

  @State(Scope.Thread)
  public static class SquirrelOrder {
    final OrderContext context = new OrderContext();
    UntypedStateMachine machine;

    @Setup
    public void start() {
      machine = SquirrelMachines.order();
      for (String event : Orders.CYCLE) {
        machine.fire(event, context);
      }
      Sanity.expect(machine.getCurrentState(), Orders.IDLE, "squirrel order");
      Sanity.expect(context.count, 1, "squirrel order count");
    }
  }

  @Benchmark
  @OperationsPerInvocation(EVENTS)
  public Snapshot clockwork(ClockworkOrder s) {
    Snapshot snapshot = s.snapshot;
    snapshot = Interpreter.transition(snapshot, Event.of(Orders.SUBMIT), s.now).snapshot();
    snapshot = Interpreter.transition(snapshot, Event.of(Orders.PAY), s.now).snapshot();
    snapshot = Interpreter.transition(snapshot, Event.of(Orders.SHIP), s.now).snapshot();
    snapshot = Interpreter.transition(snapshot, Event.of(Orders.RESET), s.now).snapshot();
    s.snapshot = snapshot;
    return snapshot;
  }

  @Benchmark
  @OperationsPerInvocation(EVENTS)
  public Object spring(SpringOrder s) {
    SpringMachines.send(s.machine, Orders.SUBMIT);
    SpringMachines.send(s.machine, Orders.PAY);
    SpringMachines.send(s.machine, Orders.SHIP);
    return SpringMachines.send(s.machine, Orders.RESET);
  }

  @Benchmark
  @OperationsPerInvocation(EVENTS)
  public Object squirrel(SquirrelOrder s) {
    s.machine.fire(Orders.SUBMIT, s.context);
    s.machine.fire(Orders.PAY, s.context);
    s.machine.fire(Orders.SHIP, s.context);
    s.machine.fire(Orders.RESET, s.context);
    return s.machine.getCurrentState();
  }
}
