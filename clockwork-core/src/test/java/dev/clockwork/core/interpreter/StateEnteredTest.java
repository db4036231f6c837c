package dev.clockwork.core.interpreter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.interpreter.Effect.StateEntered;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every state entered in a macrostep is reported, in entry order, with its entry id. */
class StateEnteredTest {

  @Test
  void startReportsTheInitialConfigurationRootFirst() {
    MachineDefinition m =
        Machine.define("m")
            .initial("shop")
            .state("shop", c -> c.initial("browsing").state("browsing"))
            .build();

    Run run = Run.start(m);

    assertThat(entered(run.last()))
        .containsExactly(
            new StateEntered("", 1, Run.T0),
            new StateEntered("shop", 2, Run.T0),
            new StateEntered("shop.browsing", 3, Run.T0));
  }

  @Test
  void enteringACompoundStateReportsTheParentThenItsInitialChild() {
    MachineDefinition m =
        Machine.define("m")
            .initial("idle")
            .state("idle", s -> s.on("CHECKOUT", "checkout"))
            .state("checkout", c -> c.initial("cart").state("cart").state("address"))
            .build();

    Instant later = Run.T0.plusSeconds(90);

    StepResult checkout =
        Interpreter.transition(Run.start(m).snapshot(), Event.of("CHECKOUT"), later);

    assertThat(entered(checkout))
        .containsExactly(
            new StateEntered("checkout", 3, later), new StateEntered("checkout.cart", 4, later));
    assertThat(checkout.snapshot().activeStates())
        .extracting(ActiveState::path, ActiveState::entryId)
        .contains(tuple("checkout", 3L), tuple("checkout.cart", 4L));
  }

  @Test
  void enteringAParallelStateReportsEachRegionsInitialState() {
    MachineDefinition m =
        Machine.define("m")
            .initial("p")
            .parallel(
                "p",
                p ->
                    p.state("payment", r -> r.initial("pending").state("pending"))
                        .state("shipping", r -> r.initial("packing").state("packing")))
            .build();

    assertThat(entered(Run.start(m).last()))
        .extracting(StateEntered::path)
        .containsExactly(
            "", "p", "p.payment", "p.payment.pending", "p.shipping", "p.shipping.packing");
  }

  @Test
  void statesEnteredThroughRaisedAndEventlessTransitionsAreReportedInOrder() {
    MachineDefinition m =
        Machine.define("m")
            .initial("a")
            .state("a", s -> s.on("GO", t -> t.to("b").action(x -> x.raise("NEXT"))))
            .state("b", s -> s.on("NEXT", "c"))
            .state("c", s -> s.always("d"))
            .state("d")
            .build();

    Run run = Run.start(m).send("GO");

    assertThat(entered(run.last()))
        .containsExactly(
            new StateEntered("b", 3, Run.T0),
            new StateEntered("c", 4, Run.T0),
            new StateEntered("d", 5, Run.T0));
  }

  @Test
  void aSelfTransitionReportsTheReentryWithTheEntryItKeeps() {
    MachineDefinition m =
        Machine.define("m").initial("a").state("a", s -> s.on("AGAIN", "a")).build();

    Run run = Run.start(m).send("AGAIN");

    assertThat(entered(run.last())).containsExactly(new StateEntered("a", 2, Run.T0));
  }

  @Test
  void aTransitionThatEntersNothingReportsNothing() {
    MachineDefinition m =
        Machine.define("m")
            .initial("a")
            .state("a", s -> s.on("PING", t -> t.action(x -> {})))
            .build();

    assertThat(entered(Run.start(m).send("PING").last())).isEmpty();
  }

  private static List<StateEntered> entered(StepResult result) {
    return result.effects().stream()
        .filter(StateEntered.class::isInstance)
        .map(StateEntered.class::cast)
        .toList();
  }
}
