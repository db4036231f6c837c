package dev.clockwork.examples.start;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class GettingStartedTest {
  @Test
  void theSubmittedOrderAwaitsPaymentWithItsExpiryArmed() {
    var order = GettingStarted.run();
    assertThat(order.states()).containsExactly("awaiting_payment");
    assertThat(order.timers()).extracting(t -> t.event()).containsExactly("ORDER_EXPIRED");
  }
}
