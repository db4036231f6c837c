package dev.clockwork.core.definition;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.time.Timer;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The events an instance's active states take from a sender: ancestors in, timers out. */
class AcceptedEventsTest {
  static final MachineDefinition CHECKOUT =
      Machine.define("checkout")
          .initial("checkout")
          .state(
              "checkout",
              s ->
                  s.initial("payment")
                      .state(
                          "payment",
                          p ->
                              p.on("PAY", "paid")
                                  .on("REMIND", t -> t.to("payment").after(Timer.hours(1))))
                      .finalState("paid")
                      .on("CANCEL", "cancelled")
                      .onDone("shipped"))
          .state("shipped", s -> s.on("RETURN", "cancelled"))
          .finalState("cancelled")
          .build();

  @Test
  void anActiveStateTakesItsOwnEventsAndThoseOfItsAncestorsButNoTimerEvent() {
    assertThat(CHECKOUT.acceptedEvents(List.of("checkout.payment")))
        .containsExactly("CANCEL", "PAY");
  }

  @Test
  void theInternalDoneEventIsNotOffered() {
    assertThat(CHECKOUT.acceptedEvents(List.of("checkout.paid"))).containsExactly("CANCEL");
  }

  @Test
  void anotherStateTakesOnlyItsOwnAndAFinalStateNone() {
    assertThat(CHECKOUT.acceptedEvents(List.of("shipped"))).containsExactly("RETURN");
    assertThat(CHECKOUT.acceptedEvents(List.of("cancelled"))).isEmpty();
    assertThat(CHECKOUT.acceptedEvents(List.of("no.such.state"))).isEmpty();
  }
}
