package dev.clockwork.examples.checkout;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.time.Timer;

/**
 * A checkout that delegates the payment to the payment-retry machine, running as a child instance
 * of its own, and routes on how the child ends.
 */
public final class CheckoutMachine {
  private CheckoutMachine() {}

  // snippet:start checkout
  public static MachineDefinition definition() {
    return Machine.define("checkout")
        .initial("paying")
        .state(
            "paying",
            s ->
                s.invoke("payment") // a durable child instance, cancelled if we leave first
                    .on("@done.paid", "confirmed")
                    .on("@done.payment_failed", "cancelled")
                    .on("@fail", "cancelled")
                    .on("@timeout", t -> t.to("timed_out").after(Timer.days(2)))
                    .on(
                        "REMIND",
                        t -> t.action(x -> x.set("reminded", true)).after(Timer.hours(12))))
        .finalState("confirmed")
        .finalState("cancelled")
        .finalState("timed_out")
        .build();
  }
  // snippet:end checkout
}
