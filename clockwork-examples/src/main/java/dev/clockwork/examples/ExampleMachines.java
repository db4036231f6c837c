package dev.clockwork.examples;

import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.examples.checkout.CheckoutMachine;
import dev.clockwork.examples.fulfilment.FulfilmentMachine;
import dev.clockwork.examples.order.OrderMachine;
import dev.clockwork.examples.payment.PaymentRetryMachine;
import dev.clockwork.examples.subscription.SubscriptionMachine;
import dev.clockwork.runtime.MachineProvider;
import java.util.List;

/** The example machines, offered to the CLI and {@code clockwork dev}. */
public final class ExampleMachines implements MachineProvider {
  @Override
  public List<MachineDefinition> machines() {
    return List.of(
        OrderMachine.definition(),
        SubscriptionMachine.definition(),
        PaymentRetryMachine.definition(),
        CheckoutMachine.definition(),
        FulfilmentMachine.definition());
  }
}
