package dev.clockwork.examples.order;

import dev.clockwork.core.time.Timer;
import dev.clockwork.testkit.MachineTest;
import org.junit.jupiter.api.Test;

class OrderMachineTest {

  // snippet:start order-test
  @Test
  void unpaidOrderIsCancelledAfterSevenDays() {
    MachineTest.of(OrderMachine.definition())
        .send("SUBMIT")
        .assertState("awaiting_payment")
        .assertHasTimer("ORDER_EXPIRED")
        .advanceTimers(Timer.days(7))
        .assertState("cancelled")
        .assertTimerFired("ORDER_EXPIRED");
  }

  @Test
  void paidOrderIsNeverCancelled() {
    MachineTest.of(OrderMachine.definition())
        .send("SUBMIT")
        .advanceTimers(Timer.days(6))
        .send("PAY")
        .assertContext("paid", true)
        .assertNotHasTimer("ORDER_EXPIRED")
        .advanceTimers(Timer.days(30))
        .assertState("processing")
        .assertTimerNotFired("ORDER_EXPIRED");
  }
  // snippet:end order-test
}
