package dev.clockwork.examples.checkout;

import dev.clockwork.core.time.Timer;
import dev.clockwork.examples.payment.PaymentRetryMachine;
import dev.clockwork.testkit.MachineTest;
import org.junit.jupiter.api.Test;

class CheckoutMachineTest {

  // snippet:start checkout-test
  @Test
  void confirmedWhenTheChildPaymentSucceeds() {
    MachineTest.with(CheckoutMachine.definition())
        .register(PaymentRetryMachine.definition())
        .start()
        .sendToChild("paying", "GATEWAY_UP")
        .advanceTimers(Timer.hours(6)) // the child's first retry succeeds
        .assertState("confirmed");
  }

  @Test
  void cancelledWhenTheChildGivesUp() {
    MachineTest.with(CheckoutMachine.definition())
        .register(PaymentRetryMachine.definition())
        .start()
        .advanceTimers(Timer.hours(24)) // three failed retries, then MAX_RETRIES
        .assertState("cancelled")
        .assertContext("reminded", true);
  }
  // snippet:end checkout-test
}
