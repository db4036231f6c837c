package dev.clockwork.examples.payment;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.time.Timer;

/**
 * A payment retried every six hours; after three retries it gives up. The retry succeeds when the
 * context says the gateway is back ({@code gatewayUp}).
 */
public final class PaymentRetryMachine {
  private PaymentRetryMachine() {}

  // snippet:start payment
  public static MachineDefinition definition() {
    return Machine.define("payment")
        .initial("retrying_payment")
        .state(
            "retrying_payment",
            s ->
                s.on(
                        "RETRY_PAYMENT",
                        t ->
                            t.branch(
                                    b ->
                                        b.to("paid")
                                            .guard(x -> x.context().getBoolean("gatewayUp")))
                                .branch(
                                    b ->
                                        b.action(
                                            x ->
                                                x.set(
                                                    "failedAttempts",
                                                    x.context().getLong("failedAttempts", 0) + 1)))
                                .every(Timer.hours(6))
                                .max(3)
                                .then("MAX_RETRIES"))
                    .on("GATEWAY_UP", t -> t.action(x -> x.set("gatewayUp", true)))
                    .on("MAX_RETRIES", "payment_failed"))
        .finalState("paid")
        .finalState("payment_failed")
        .build();
  }
  // snippet:end payment
}
