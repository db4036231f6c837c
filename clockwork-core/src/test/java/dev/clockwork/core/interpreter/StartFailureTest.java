package dev.clockwork.core.interpreter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.core.behavior.Behaviors;
import dev.clockwork.core.behavior.BusinessFailure;
import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * An action that throws while an instance starts is named: its kind, state, transition, name or
 * position, with what it threw as the cause. Failures of Clockwork's own kinds pass as they are,
 * and a step after the start throws what the action threw.
 */
class StartFailureTest {
  private static final Instant NOW = Instant.parse("2026-11-29T10:00:00Z");

  private static MachineDefinition failingEntry() {
    return Machine.define("bill")
        .initial("open")
        .state(
            "open",
            s ->
                s.entry(a -> a.set("seen", true))
                    .entry(a -> a.set("due", ((Number) a.context().get("amount")).longValue())))
        .build();
  }

  @Test
  void anUnnamedEntryActionIsNamedByItsStateAndPosition() {
    assertThatThrownBy(() -> Interpreter.start(failingEntry(), Map.of(), NOW))
        .isInstanceOf(ActionFailedException.class)
        .hasMessageStartingWith("entry action #2 of state 'open' failed: NullPointerException")
        .hasCauseInstanceOf(NullPointerException.class)
        .satisfies(
            e -> {
              ActionSite site = ((ActionFailedException) e).site();
              assertThat(site).isEqualTo(new ActionSite("entry", "open", null, 1, null));
              assertThat(((ActionFailedException) e).error()).startsWith("NullPointerException");
            });
  }

  @Test
  void aNamedTransitionActionIsNamedWithItsTransition() {
    MachineDefinition account =
        Machine.define("account")
            .behaviors(
                Behaviors.builder()
                    .action(
                        "openAccount",
                        scope -> {
                          throw new IllegalStateException("the bank is closed");
                        })
                    .build())
            .initial("opening")
            .state(
                "opening",
                s ->
                    s.entry(a -> a.raise("OPEN"))
                        .on("OPEN", t -> t.to("open").action("openAccount")))
            .finalState("open")
            .build();

    assertThatThrownBy(() -> Interpreter.start(account, Map.of(), NOW))
        .isInstanceOf(ActionFailedException.class)
        .hasMessage(
            "transition action 'openAccount' of transition 'account.opening.on.OPEN' failed:"
                + " IllegalStateException: the bank is closed")
        .satisfies(
            e ->
                assertThat(((ActionFailedException) e).site())
                    .isEqualTo(
                        new ActionSite(
                            "transition", "opening", "account.opening.on.OPEN", 0, "openAccount")));
  }

  @Test
  void aBusinessRuleRefusingTheStartIsThrownAsItIs() {
    MachineDefinition refusing =
        Machine.define("cart")
            .initial("open")
            .state("open", s -> s.entry(a -> a.fail("CART_EMPTY", "nothing to buy")))
            .build();

    assertThatThrownBy(() -> Interpreter.start(refusing, Map.of(), NOW))
        .isInstanceOf(BusinessFailure.class)
        .hasMessage("CART_EMPTY: nothing to buy");
  }

  @Test
  void anActionFailingInALaterStepIsThrownAsItIs() {
    MachineDefinition exiting =
        Machine.define("door")
            .initial("closed")
            .state(
                "closed",
                s ->
                    s.exit(
                            a -> {
                              throw new IllegalStateException("stuck");
                            })
                        .on("OPEN", "open"))
            .state("open")
            .build();
    Snapshot started = Interpreter.start(exiting, Map.of(), NOW).snapshot();

    assertThatThrownBy(() -> Interpreter.transition(started, Event.of("OPEN"), NOW))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("stuck");
  }

  @Test
  void aGuardFailingAtStartIsThrownAsItIsEvenAfterAnActionFailedOnTheSamePooledStep() {
    assertThatThrownBy(() -> Interpreter.start(failingEntry(), Map.of(), NOW))
        .isInstanceOf(ActionFailedException.class);
    MachineDefinition gate =
        Machine.define("gate")
            .initial("closed")
            .state(
                "closed",
                s ->
                    s.always(
                        t ->
                            t.to("open")
                                .guard(
                                    g -> {
                                      throw new IllegalStateException("no sensor");
                                    })))
            .state("open")
            .build();

    assertThatThrownBy(() -> Interpreter.start(gate, Map.of(), NOW))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("no sensor");
  }
}
