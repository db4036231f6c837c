package dev.clockwork.examples.yaml;

import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.definition.MachineFormat;

/**
 * The README's example machines written as data: each reads, with the named behaviours of its Java
 * form, into a machine that behaves as the Java one does (YamlFormsTest drives both).
 */
public final class YamlForms {
  private YamlForms() {}

  // snippet:start order-yaml
  public static final String ORDER =
      """
      id: order
      context: {paid: false}
      initial: idle
      states:
        idle:
          on: {SUBMIT: awaiting_payment}
        awaiting_payment:
          on:
            PAY: {target: processing, actions: recordPayment}
            ORDER_EXPIRED: {target: cancelled, guards: isNotPaidGuard, after: 7 days}
        processing:
          on: {SHIP: shipped}
        shipped: {type: final}
        cancelled: {type: final}
      """;
  // snippet:end order-yaml

  // snippet:start subscription-yaml
  public static final String SUBSCRIPTION =
      """
      id: subscription
      initial: active_subscription
      states:
        active_subscription:
          on:
            BILLING: {actions: countInvoice, every: 30 days}
            CANCEL: cancelled
        cancelled: {type: final}
      """;
  // snippet:end subscription-yaml

  // snippet:start payment-yaml
  public static final String PAYMENT =
      """
      id: payment
      initial: retrying_payment
      states:
        retrying_payment:
          on:
            RETRY_PAYMENT:
              branches:
                - {target: paid, guards: gatewayIsUp}
                - {actions: countFailedAttempt}
              every: 6 hours
              max: 3
              then: MAX_RETRIES
            GATEWAY_UP: {actions: markGatewayUp}
            MAX_RETRIES: payment_failed
        paid: {type: final}
        payment_failed: {type: final}
      """;
  // snippet:end payment-yaml

  // snippet:start checkout-yaml
  public static final String CHECKOUT =
      """
      id: checkout
      initial: paying
      states:
        paying:
          invoke: payment
          on:
            "@done.paid": confirmed
            "@done.payment_failed": cancelled
            "@fail": cancelled
            "@timeout": {target: timed_out, after: 2 days}
            REMIND: {actions: {assign: {reminded: true}}, after: 12 hours}
        confirmed: {type: final}
        cancelled: {type: final}
        timed_out: {type: final}
      """;

  // snippet:end checkout-yaml

  /** {@code yaml} read with the named behaviours of {@code java}, its form in Java. */
  public static MachineDefinition read(String yaml, MachineDefinition java) {
    return MachineFormat.yaml().read(java.id() + ".yaml", yaml, java.behaviors());
  }
}
