package dev.clockwork.examples.order;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.core.behavior.Behaviors;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.time.Timer;
import dev.clockwork.definition.DefinitionFormatException;
import dev.clockwork.definition.MachineFormat;
import dev.clockwork.examples.ExampleMachines;
import dev.clockwork.testkit.MachineTest;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Version 2 of the order machine, written as YAML ({@code machines/order-v2.yaml}), run on virtual
 * time with the example machines' named behaviours: the seed's 7-day {@code after} with {@code
 * isNotPaidGuard} and the {@code every}/{@code max}/{@code then} retry.
 */
class OrderYamlTest {
  static String yaml() throws IOException {
    try (InputStream in = OrderYamlTest.class.getResourceAsStream("/machines/order-v2.yaml")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  static MachineDefinition orderV2() throws IOException {
    return MachineFormat.yaml().read("order-v2.yaml", yaml(), new ExampleMachines().behaviors());
  }

  @Test
  void isVersionTwoOfTheJavaOrderMachine() throws IOException {
    MachineDefinition v2 = orderV2();

    assertThat(v2.id()).isEqualTo(OrderMachine.definition().id());
    assertThat(v2.version()).isEqualTo(OrderMachine.definition().version() + 1);
  }

  @Test
  void anUnpaidOrderIsCancelledAfterSevenDays() throws IOException {
    MachineTest.of(orderV2())
        .send("SUBMIT")
        .assertHasTimer("ORDER_EXPIRED")
        .advanceTimers(Timer.days(6))
        .assertState("awaiting_payment")
        .advanceTimers(Timer.days(1))
        .assertState("cancelled")
        .assertTimerFired("ORDER_EXPIRED");
  }

  @Test
  void aPaidOrderIsNotCancelled() throws IOException {
    MachineTest.of(orderV2())
        .send("SUBMIT")
        .send("PAY")
        .assertContext("paid", true)
        .advanceTimers(Timer.days(8))
        .assertState("packing");
  }

  @Test
  void aDeclinedPaymentIsRetriedThreeTimesThenFails() throws IOException {
    MachineTest.of(orderV2())
        .send("SUBMIT")
        .send("PAY")
        .send("DECLINED")
        .assertState("retrying_payment")
        .advanceTimers(Timer.hours(6 * 3))
        .assertTimerFiredTimes("RETRY_PAYMENT", 3)
        .assertState("retrying_payment")
        .advanceTimers(Timer.hours(6))
        .assertTimerFired("MAX_RETRIES")
        .assertState("payment_failed");
  }

  @Test
  void withoutTheExamplesBehavioursTheFirstMissingOneIsNamedWithItsLine() {
    assertThatThrownBy(() -> MachineFormat.yaml().read("order-v2.yaml", yaml(), Behaviors.none()))
        .isInstanceOf(DefinitionFormatException.class)
        .hasMessageContaining("order-v2.yaml:")
        .hasMessageContaining("recordPayment");
  }
}
