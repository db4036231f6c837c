package dev.clockwork.examples;

import dev.clockwork.core.behavior.Behaviors;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.examples.checkout.CheckoutMachine;
import dev.clockwork.examples.fulfilment.FulfilmentMachine;
import dev.clockwork.examples.order.OrderMachine;
import dev.clockwork.examples.payment.PaymentRetryMachine;
import dev.clockwork.examples.schedules.ScheduleQuickstart;
import dev.clockwork.examples.subscription.SubscriptionMachine;
import dev.clockwork.runtime.MachineProvider;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The example machines, offered to the CLI and {@code clockwork dev}, with their named behaviours:
 * a machine deployed as data (such as {@code machines/order-v2.yaml}) that names them runs there.
 */
public final class ExampleMachines implements MachineProvider {
  @Override
  public List<MachineDefinition> machines() {
    return List.of(
        OrderMachine.definition(),
        SubscriptionMachine.definition(),
        PaymentRetryMachine.definition(),
        CheckoutMachine.definition(),
        FulfilmentMachine.definition(),
        ScheduleQuickstart.invoiceSync(),
        ScheduleQuickstart.healthCheck());
  }

  @Override
  public Behaviors behaviors() {
    Map<String, Behaviors> named = new LinkedHashMap<>();
    named.put("OrderMachine", OrderMachine.behaviors());
    named.put("PaymentRetryMachine", PaymentRetryMachine.behaviors());
    return MachineProvider.merged(named);
  }
}
