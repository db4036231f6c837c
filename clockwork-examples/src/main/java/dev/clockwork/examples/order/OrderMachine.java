package dev.clockwork.examples.order;

import dev.clockwork.core.behavior.Behaviors;
import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.time.Timer;
import java.util.Map;

/**
 * An order that is cancelled when it stays unpaid for seven days. A payment by a declined card
 * ({@code PAY} with {@code {"card": "declined"}}) is refused: that event is dead-lettered.
 */
public final class OrderMachine {
  private OrderMachine() {}

  // snippet:start order
  public static Behaviors behaviors() {
    return Behaviors.builder()
        .guard("isNotPaidGuard", scope -> !scope.context().getBoolean("paid"))
        .action(
            "recordPayment",
            scope -> {
              if ("declined".equals(scope.event().payload().get("card"))) {
                // not retryable: the event goes to the dead letter queue at once
                scope.fail("CARD_DECLINED", "the card was declined; pay with another card");
              }
              scope.set("paid", true);
            })
        .build();
  }

  public static MachineDefinition definition() {
    return Machine.define("order")
        .behaviors(behaviors())
        .context(Map.of("paid", false))
        .initial("idle")
        .state("idle", s -> s.on("SUBMIT", "awaiting_payment"))
        .state(
            "awaiting_payment",
            s ->
                s.on("PAY", t -> t.to("processing").action("recordPayment"))
                    .on(
                        "ORDER_EXPIRED",
                        t -> t.to("cancelled").guard("isNotPaidGuard").after(Timer.days(7))))
        .state("processing", s -> s.on("SHIP", "shipped"))
        .finalState("shipped")
        .finalState("cancelled")
        .build();
  }
  // snippet:end order
}
