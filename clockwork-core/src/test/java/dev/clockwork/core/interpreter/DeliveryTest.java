package dev.clockwork.core.interpreter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.core.behavior.Action;
import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Guards and actions see which delivery of an event they run in: instance, queue id, attempt. */
class DeliveryTest {
  private static final MachineDefinition ORDER =
      Machine.define("order")
          .initial("new")
          .state("new", s -> s.entry(seen("entered")).on("PAY", t -> t.to("paid")))
          .state(
              "paid",
              s ->
                  s.on(
                      "SHIP",
                      t -> t.to("shipped").guard(x -> x.attempt() > 1).action(seen("shipping"))))
          .state("shipped")
          .build();

  @Test
  void entryActionsOfTheInitialStatesSeeTheCreation() {
    StepResult started = Interpreter.start(ORDER, Map.of(), Run.T0, Delivery.creation("order-42"));

    assertThat(started.snapshot().context().get("entered")).isEqualTo("order-42 #0 attempt 1");
  }

  @Test
  void transitionActionsSeeTheDeliveryOfTheirEvent() {
    Snapshot paid = paid();

    StepResult shipped =
        Interpreter.transition(
            paid, Event.of("SHIP"), Run.T0, null, new Delivery("order-42", 1_017, 2));

    assertThat(shipped.snapshot().value()).containsExactly("shipped");
    assertThat(shipped.snapshot().context().get("shipping")).isEqualTo("order-42 #1017 attempt 2");
  }

  @Test
  void guardsSeeTheAttempt() {
    StepResult first =
        Interpreter.transition(
            paid(), Event.of("SHIP"), Run.T0, null, new Delivery("order-42", 1_017, 1));

    assertThat(first.handled()).isFalse();
    assertThat(first.snapshot().value()).containsExactly("paid");
  }

  @Test
  void withoutADeliveryActionsSeeNoInstanceNoQueuedEventAndTheFirstAttempt() {
    StepResult started = Interpreter.start(ORDER, Map.of(), Run.T0);

    assertThat(started.snapshot().context().get("entered")).isEqualTo("null #0 attempt 1");
    assertThat(Delivery.NONE).isEqualTo(new Delivery(null, 0, 1));
  }

  @Test
  void attemptsCountFromOne() {
    assertThatThrownBy(() -> new Delivery("order-42", 1_017, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("attempts are counted from 1");
    assertThatThrownBy(() -> new Delivery("order-42", -1, 1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("or 0 for none");
  }

  private static Snapshot paid() {
    Snapshot started = Interpreter.start(ORDER, Map.of(), Run.T0).snapshot();
    return Interpreter.transition(started, Event.of("PAY"), Run.T0).snapshot();
  }

  /** Records what the action saw of its delivery under {@code key}. */
  private static Action seen(String key) {
    return x -> x.set(key, x.instanceId() + " #" + x.eventId() + " attempt " + x.attempt());
  }
}
