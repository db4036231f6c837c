package dev.clockwork.examples.yaml;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.diagram.MermaidDiagram;
import dev.clockwork.core.time.Timer;
import dev.clockwork.examples.checkout.CheckoutMachine;
import dev.clockwork.examples.order.OrderMachine;
import dev.clockwork.examples.payment.PaymentRetryMachine;
import dev.clockwork.examples.subscription.SubscriptionMachine;
import dev.clockwork.testkit.MachineTest;
import org.junit.jupiter.api.Test;

/** Each README machine's YAML form has its Java form's states and transitions, and behaves so. */
class YamlFormsTest {
  private static final MachineDefinition ORDER =
      YamlForms.read(YamlForms.ORDER, OrderMachine.definition());
  private static final MachineDefinition SUBSCRIPTION =
      YamlForms.read(YamlForms.SUBSCRIPTION, SubscriptionMachine.definition());
  private static final MachineDefinition PAYMENT =
      YamlForms.read(YamlForms.PAYMENT, PaymentRetryMachine.definition());
  private static final MachineDefinition CHECKOUT =
      YamlForms.read(YamlForms.CHECKOUT, CheckoutMachine.definition());

  @Test
  void eachYamlFormDrawsAsItsJavaForm() {
    assertThat(MermaidDiagram.of(ORDER)).isEqualTo(MermaidDiagram.of(OrderMachine.definition()));
    assertThat(MermaidDiagram.of(SUBSCRIPTION))
        .isEqualTo(MermaidDiagram.of(SubscriptionMachine.definition()));
    assertThat(MermaidDiagram.of(PAYMENT))
        .isEqualTo(MermaidDiagram.of(PaymentRetryMachine.definition()));
    assertThat(MermaidDiagram.of(CHECKOUT))
        .isEqualTo(MermaidDiagram.of(CheckoutMachine.definition()));
  }

  @Test
  void theOrderIsCancelledAfterSevenDaysUnpaidAndNeverOncePaid() {
    MachineTest.of(ORDER)
        .send("SUBMIT")
        .advanceTimers(Timer.days(7))
        .assertState("cancelled")
        .assertTimerFired("ORDER_EXPIRED");
    MachineTest.of(ORDER)
        .send("SUBMIT")
        .advanceTimers(Timer.days(6))
        .send("PAY")
        .assertContext("paid", true)
        .advanceTimers(Timer.days(30))
        .assertState("processing");
  }

  @Test
  void theSubscriptionIsBilledEveryThirtyDays() {
    MachineTest.of(SUBSCRIPTION)
        .advanceTimers(Timer.days(90))
        .assertContext("invoices", 3L)
        .send("CANCEL")
        .assertState("cancelled");
  }

  @Test
  void theCheckoutFollowsItsChildPayment() {
    MachineTest.with(CHECKOUT)
        .register(PAYMENT)
        .start()
        .sendToChild("paying", "GATEWAY_UP")
        .advanceTimers(Timer.hours(6))
        .assertState("confirmed");
    MachineTest.with(CHECKOUT)
        .register(PAYMENT)
        .start()
        .advanceTimers(Timer.hours(24))
        .assertState("cancelled")
        .assertContext("reminded", true);
  }
}
