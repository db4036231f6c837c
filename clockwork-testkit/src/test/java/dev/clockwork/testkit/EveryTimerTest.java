package dev.clockwork.testkit;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.time.Timer;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The seed's recurring timers: BILLING every 30 days; RETRY_PAYMENT every 6 hours, max 3. */
class EveryTimerTest {

  static final MachineDefinition SUBSCRIPTION =
      Machine.define("subscription")
          .initial("active_subscription")
          .state(
              "active_subscription",
              s ->
                  s.on(
                          "BILLING",
                          t ->
                              t.action(
                                      x ->
                                          x.set("invoices", x.context().getLong("invoices", 0) + 1))
                                  .every(Timer.days(30)))
                      .on("CANCEL", "cancelled"))
          .finalState("cancelled")
          .build();

  static final MachineDefinition PAYMENT =
      Machine.define("payment")
          .initial("retrying_payment")
          .state(
              "retrying_payment",
              s ->
                  s.on(
                          "RETRY_PAYMENT",
                          t ->
                              t.action(
                                      x ->
                                          x.set("attempts", x.context().getLong("attempts", 0) + 1))
                                  .every(Timer.hours(6))
                                  .max(3)
                                  .then("MAX_RETRIES"))
                      .on("MAX_RETRIES", "payment_failed")
                      .on("PAYMENT_SUCCESS", "paid"))
          .finalState("payment_failed")
          .finalState("paid")
          .build();

  @Test
  void billsEveryThirtyDaysWhileActive() {
    MachineTest.of(SUBSCRIPTION)
        .advanceTimers(Timer.days(29))
        .assertTimerNotFired("BILLING")
        .advanceTimers(Timer.days(1))
        .assertTimerFiredTimes("BILLING", 1)
        .advanceTimers(Timer.days(60))
        .assertTimerFiredTimes("BILLING", 3)
        .assertContext("invoices", 3)
        .assertState("active_subscription");
  }

  @Test
  void cancellingStopsTheTimer() {
    MachineTest.of(SUBSCRIPTION)
        .advanceTimers(Timer.days(45))
        .send("CANCEL")
        .assertNotHasTimer("BILLING")
        .advanceTimers(Timer.days(365))
        .assertTimerFiredTimes("BILLING", 1);
  }

  @Test
  void maxThenSendsThenExactlyOnceAfterTheThirdFire() {
    MachineTest test =
        MachineTest.of(PAYMENT)
            .advanceTimers(Timer.hours(18))
            .assertTimerFiredTimes("RETRY_PAYMENT", 3)
            .assertContext("attempts", 3)
            .assertState("retrying_payment")
            .assertHasTimer("MAX_RETRIES");
    test.assertTimerDue("MAX_RETRIES", MachineTest.DEFAULT_START.plus(Duration.ofHours(24)));
    test.advanceTimers(Timer.hours(6))
        .assertState("payment_failed")
        .assertTimerFiredTimes("MAX_RETRIES", 1)
        .assertTimerFiredTimes("RETRY_PAYMENT", 3);
  }

  @Test
  void advancingOneHundredDaysPastMaxFiresNothingMore() {
    MachineDefinition reminders =
        Machine.define("reminders")
            .initial("waiting")
            .state(
                "waiting",
                s ->
                    s.on(
                        "REMIND",
                        t ->
                            t.action(x -> x.set("n", x.context().getLong("n", 0) + 1))
                                .every(Timer.hours(6))
                                .max(3)))
            .build();
    MachineTest.of(reminders)
        .advanceTimers(Timer.days(1))
        .assertTimerFiredTimes("REMIND", 3)
        .assertNotHasTimer("REMIND")
        .advanceTimers(Timer.days(100))
        .assertTimerFiredTimes("REMIND", 3)
        .assertContext("n", 3);
  }

  @Test
  void successBeforeMaxStopsTheRetries() {
    MachineTest.of(PAYMENT)
        .advanceTimers(Timer.hours(7))
        .send("PAYMENT_SUCCESS")
        .assertState("paid")
        .advanceTimers(Timer.days(2))
        .assertTimerFiredTimes("RETRY_PAYMENT", 1)
        .assertTimerNotFired("MAX_RETRIES");
  }

  @Test
  void missedSweepsAreNotCaughtUp() {
    MachineTest test = MachineTest.of(SUBSCRIPTION);
    // Nobody sweeps for 75 days: the first fire happens late, once, and the next is counted from
    // it.
    test.clock().advance(Duration.ofDays(75));
    test.advanceTimers(Duration.ZERO)
        .assertTimerFiredTimes("BILLING", 1)
        .assertTimerDue("BILLING", MachineTest.DEFAULT_START.plus(Duration.ofDays(105)));
  }
}
