package dev.clockwork.examples.payment;

import dev.clockwork.core.behavior.Behaviors;
import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.time.Timer;

/**
 * A payment retried every six hours; after three failed retries it gives up. A retry succeeds once
 * the gateway is reported up.
 */
public final class PaymentRetryMachine {
  private PaymentRetryMachine() {}

  // snippet:start payment
  public static Behaviors behaviors() {
    return Behaviors.builder()
        .guard("gatewayIsUp", scope -> scope.context().getBoolean("gatewayUp"))
        .action("markGatewayUp", scope -> scope.set("gatewayUp", true))
        .action(
            "countFailedAttempt",
            scope -> scope.set("failedAttempts", scope.context().getLong("failedAttempts", 0) + 1))
        .build();
  }

  public static MachineDefinition definition() {
    return Machine.define("payment")
        .behaviors(behaviors())
        .initial("retrying_payment")
        .state(
            "retrying_payment",
            s ->
                s.on(
                        "RETRY_PAYMENT",
                        t ->
                            t.branch(b -> b.to("paid").guard("gatewayIsUp"))
                                .branch(b -> b.action("countFailedAttempt"))
                                .every(Timer.hours(6))
                                .max(3)
                                .then("MAX_RETRIES"))
                    .on("GATEWAY_UP", t -> t.action("markGatewayUp"))
                    .on("MAX_RETRIES", "payment_failed"))
        .finalState("paid")
        .finalState("payment_failed")
        .build();
  }
  // snippet:end payment
}
