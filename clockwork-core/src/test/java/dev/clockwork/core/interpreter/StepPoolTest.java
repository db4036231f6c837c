package dev.clockwork.core.interpreter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.interpreter.Effect.StateEntered;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * A thread reuses its macrostep's working state from step to step ({@link StepPool}): a step run
 * from inside another step's action, and a step after one that threw, behave as on a fresh thread.
 */
class StepPoolTest {
  private static final Instant NOW = Instant.parse("2024-01-01T00:00:00Z");
  private static final MachineDefinition TOGGLE =
      Machine.define("toggle")
          .initial("off")
          .state("off", s -> s.on("TOGGLE", "on"))
          .state("on", s -> s.on("TOGGLE", "off"))
          .build();

  @Test
  void aStepRunFromInsideAnActionDoesNotDisturbTheStepRunningIt() {
    Snapshot toggle = Interpreter.start(TOGGLE, null, NOW).snapshot();
    AtomicReference<StepResult> inner = new AtomicReference<>();
    MachineDefinition outer =
        Machine.define("outer")
            .initial("a")
            .state(
                "a",
                s ->
                    s.on(
                        "GO",
                        t ->
                            t.to("b")
                                .action(
                                    scope -> {
                                      scope.set("before", 1);
                                      inner.set(
                                          Interpreter.transition(toggle, Event.of("TOGGLE"), NOW));
                                      scope.set("after", 2);
                                    })))
            .state("b")
            .build();

    StepResult result =
        Interpreter.transition(Interpreter.start(outer, null, NOW).snapshot(), Event.of("GO"), NOW);

    assertThat(result.snapshot().value()).containsExactly("b");
    assertThat(result.snapshot().context().asMap()).isEqualTo(Map.of("before", 1, "after", 2));
    assertThat(result.effects()).containsExactly(new StateEntered("b", 3, NOW));
    assertThat(inner.get().snapshot().value()).containsExactly("on");
    assertThat(inner.get().snapshot().context().asMap()).isEmpty();
    assertThat(inner.get().effects()).containsExactly(new StateEntered("on", 3, NOW));
  }

  @Test
  void aStepThatThrewLeavesNothingToTheNextStepOnTheThread() {
    MachineDefinition machine =
        Machine.define("m")
            .initial("a")
            .state(
                "a",
                s ->
                    s.on(
                            "FAIL",
                            t ->
                                t.to("b")
                                    .action(
                                        scope -> {
                                          scope.set("written", true);
                                          scope.raise("LATER");
                                          throw new IllegalStateException("action failed");
                                        }))
                        .on("GO", "c"))
            .state("b")
            .state("c")
            .build();
    Snapshot start = Interpreter.start(machine, null, NOW).snapshot();

    assertThatThrownBy(() -> Interpreter.transition(start, Event.of("FAIL"), NOW))
        .hasMessage("action failed");
    StepResult next = Interpreter.transition(start, Event.of("GO"), NOW);

    assertThat(next.snapshot().value()).containsExactly("c");
    assertThat(next.snapshot().context().asMap()).isEmpty();
    assertThat(next.effects()).containsExactly(new StateEntered("c", 3, NOW));
    assertThat(start.value()).containsExactly("a");
  }

  @Test
  void aStepsEffectsAreAnImmutableListEqualToTheSameEffectsInAnyList() {
    Snapshot off = Interpreter.start(TOGGLE, null, NOW).snapshot();

    List<Effect> effects = Interpreter.transition(off, Event.of("TOGGLE"), NOW).effects();

    List<Effect> expected = List.of(new StateEntered("on", 3, NOW));
    assertThat(effects).isEqualTo(expected).hasSameHashCodeAs(expected);
    assertThat(effects.toString()).isEqualTo(expected.toString());
    assertThat(effects.get(0)).isEqualTo(expected.get(0));
    assertThat(effects.subList(0, 1)).isEqualTo(expected);
    assertThat(effects.indexOf(expected.get(0))).isZero();
    assertThatThrownBy(() -> effects.add(expected.get(0)))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> effects.remove(0)).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> effects.get(1)).isInstanceOf(IndexOutOfBoundsException.class);
  }
}
