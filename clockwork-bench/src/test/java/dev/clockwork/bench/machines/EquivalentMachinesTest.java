package dev.clockwork.bench.machines;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.event.Event;
import dev.clockwork.core.interpreter.Interpreter;
import dev.clockwork.core.interpreter.Snapshot;
import java.time.Instant;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.springframework.statemachine.StateMachine;
import org.squirrelframework.foundation.fsm.UntypedStateMachine;

/** The three frameworks' machines do the same thing, so their benchmarks compare like with like. */
class EquivalentMachinesTest {
  private static final Instant NOW = Instant.parse("2024-01-01T00:00:00Z");

  @Test
  void toggleFlipsInEveryFramework() {
    Snapshot clockwork = Interpreter.start(ClockworkMachines.toggle(), null, NOW).snapshot();
    StateMachine<String, String> spring = SpringMachines.toggle();
    UntypedStateMachine squirrel = SquirrelMachines.toggle();

    for (String expected : new String[] {"on", "off", "on"}) {
      clockwork = Interpreter.transition(clockwork, Event.of("TOGGLE"), NOW).snapshot();
      SpringMachines.send(spring, "TOGGLE");
      squirrel.fire("TOGGLE");

      assertThat(clockwork.value()).containsExactly(expected);
      assertThat(spring.getState().getId()).isEqualTo(expected);
      assertThat(squirrel.getCurrentState()).isEqualTo(expected);
    }
  }

  @Test
  void orderCyclesRunTheSameGuardsAndActions() {
    Snapshot clockwork = Interpreter.start(ClockworkMachines.order(), null, NOW).snapshot();
    StateMachine<String, String> spring = SpringMachines.order();
    UntypedStateMachine squirrel = SquirrelMachines.order();
    SquirrelMachines.OrderContext context = new SquirrelMachines.OrderContext();

    for (int cycle = 0; cycle < 3; cycle++) {
      for (String event : Orders.CYCLE) {
        clockwork = Interpreter.transition(clockwork, Event.of(event), NOW).snapshot();
        SpringMachines.send(spring, event);
        squirrel.fire(event, context);
        if (event.equals(Orders.PAY)) {
          assertThat(clockwork.context().getBoolean(Orders.PAID)).isTrue();
          assertThat(spring.getExtendedState().get(Orders.PAID, Boolean.class)).isTrue();
          assertThat(context.paid).isTrue();
        }
      }
    }

    assertThat(clockwork.value()).containsExactly(Orders.IDLE);
    assertThat(spring.getState().getId()).isEqualTo(Orders.IDLE);
    assertThat(squirrel.getCurrentState()).isEqualTo(Orders.IDLE);
    assertThat(clockwork.context().getLong(Orders.COUNT, 0)).isEqualTo(3);
    assertThat(spring.getExtendedState().get(Orders.COUNT, Long.class)).isEqualTo(3);
    assertThat(context.count).isEqualTo(3);
    assertThat(clockwork.context().getBoolean(Orders.PAID)).isFalse();
  }

  @Test
  void parallelEventMovesAllThreeRegions() {
    Snapshot clockwork = Interpreter.start(ClockworkMachines.parallel(), null, NOW).snapshot();
    StateMachine<String, String> spring = SpringMachines.parallel();
    UntypedStateMachine squirrel = SquirrelMachines.parallel();

    clockwork = Interpreter.transition(clockwork, Event.of("X"), NOW).snapshot();
    SpringMachines.send(spring, "X");
    squirrel.fire("X");

    assertThat(clockwork.value()).containsExactly("p.r1.b", "p.r2.b", "p.r3.b");
    assertThat(new TreeSet<>(spring.getState().getIds())).containsExactly("r1.b", "r2.b", "r3.b");
    assertThat(new TreeSet<>(squirrel.getSubStatesOn("p"))).containsExactly("r1.b", "r2.b", "r3.b");
  }

  @Test
  void largeMachineKeepsTheSmallConfiguration() {
    Snapshot large = Interpreter.start(ClockworkMachines.largeToggle(10, 20), null, NOW).snapshot();

    assertThat(large.definition().states()).hasSize(213);
    assertThat(large.activeStates()).hasSize(2);
    assertThat(Interpreter.transition(large, Event.of("TOGGLE"), NOW).snapshot().value())
        .containsExactly("on");
  }
}
