package dev.clockwork.examples.subscription;

import dev.clockwork.core.behavior.Behaviors;
import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.time.Timer;

/** A subscription billed every 30 days until it is cancelled. */
public final class SubscriptionMachine {
  private SubscriptionMachine() {}

  // snippet:start subscription
  public static MachineDefinition definition() {
    Behaviors behaviors =
        Behaviors.builder()
            .action(
                "countInvoice",
                scope -> scope.set("invoices", scope.context().getLong("invoices", 0) + 1))
            .build();
    return Machine.define("subscription")
        .behaviors(behaviors)
        .initial("active_subscription")
        .state(
            "active_subscription",
            s ->
                s.on("BILLING", t -> t.action("countInvoice").every(Timer.days(30)))
                    .on("CANCEL", "cancelled"))
        .finalState("cancelled")
        .build();
  }
  // snippet:end subscription
}
