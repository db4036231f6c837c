package dev.clockwork.testkit;

import dev.clockwork.core.behavior.Behaviors;
import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.time.Timer;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The time-based-events seed's one-shot timer: ORDER_EXPIRED after 7 days in awaiting_payment. */
class AfterTimerTest {

  static final MachineDefinition ORDER =
      Machine.define("order")
          .behaviors(
              Behaviors.builder()
                  .guard("isNotPaidGuard", s -> !s.context().getBoolean("paid"))
                  .build())
          .initial("idle")
          .state("idle", s -> s.on("SUBMIT", "awaiting_payment"))
          .state(
              "awaiting_payment",
              s ->
                  s.on("PAY", "processing")
                      .on("ORDER_EXPIRED", t -> t.to("cancelled").after(Timer.days(7))))
          .state("processing")
          .finalState("cancelled")
          .build();

  @Test
  void seedExampleExpiresTheOrderAfterSevenDays() {
    MachineTest.of(ORDER)
        .send("SUBMIT")
        .assertState("awaiting_payment")
        .assertHasTimer("ORDER_EXPIRED")
        .advanceTimers(Timer.days(7))
        .assertState("cancelled")
        .assertTimerFired("ORDER_EXPIRED");
  }

  @Test
  void dueExactlySevenDaysAfterEntry() {
    MachineTest test = MachineTest.of(ORDER).advanceTimers(Timer.hours(5)).send("SUBMIT");
    test.assertTimerDue("ORDER_EXPIRED", test.now().plus(Duration.ofDays(7)));
  }

  @Test
  void neverFiresOneNanosecondEarly() {
    MachineTest.of(ORDER)
        .send("SUBMIT")
        .advanceTimers(Timer.days(7).toDuration().minusNanos(1))
        .assertState("awaiting_payment")
        .assertTimerNotFired("ORDER_EXPIRED")
        .advanceTimers(Duration.ofNanos(1))
        .assertState("cancelled");
  }

  @Test
  void leavingTheStateCancelsTheTimer() {
    MachineTest.of(ORDER)
        .send("SUBMIT")
        .advanceTimers(Timer.days(3))
        .send("PAY")
        .assertState("processing")
        .assertNotHasTimer("ORDER_EXPIRED")
        .advanceTimers(Timer.days(30))
        .assertState("processing")
        .assertTimerNotFired("ORDER_EXPIRED");
  }

  @Test
  void firesOncePerStateEntry() {
    MachineDefinition reminder =
        Machine.define("reminder")
            .initial("waiting")
            .state(
                "waiting",
                s ->
                    s.on(
                            "SEND_REMINDER",
                            t ->
                                t.action(x -> x.set("sent", x.context().getLong("sent", 0) + 1))
                                    .after(Timer.days(1)))
                        .on("AWAY", "away"))
            .state("away", s -> s.on("BACK", "waiting"))
            .build();
    MachineTest.of(reminder)
        .advanceTimers(Timer.days(10))
        .assertTimerFiredTimes("SEND_REMINDER", 1)
        .assertContext("sent", 1)
        .send("AWAY")
        .send("BACK")
        .assertHasTimer("SEND_REMINDER")
        .advanceTimers(Timer.days(10))
        .assertTimerFiredTimes("SEND_REMINDER", 2)
        .assertContext("sent", 2);
  }

  @Test
  void selfLoopDoesNotResetTheAnchor() {
    MachineDefinition order =
        Machine.define("order")
            .initial("awaiting_payment")
            .state(
                "awaiting_payment",
                s ->
                    s.on("NUDGE", "awaiting_payment")
                        .on("ORDER_EXPIRED", t -> t.to("cancelled").after(Timer.days(7))))
            .finalState("cancelled")
            .build();
    MachineTest.of(order)
        .advanceTimers(Timer.days(5))
        .send("NUDGE")
        .advanceTimers(Timer.days(2))
        .assertState("cancelled");
  }

  @Test
  void transitStateRestartsTheDeadline() {
    MachineDefinition order =
        Machine.define("order")
            .initial("awaiting_payment")
            .state(
                "awaiting_payment",
                s ->
                    s.on("EXTEND", "extending")
                        .on("ORDER_EXPIRED", t -> t.to("cancelled").after(Timer.days(7))))
            .state("extending", s -> s.always("awaiting_payment"))
            .finalState("cancelled")
            .build();
    MachineTest.of(order)
        .advanceTimers(Timer.days(5))
        .send("EXTEND")
        .advanceTimers(Timer.days(6))
        .assertState("awaiting_payment")
        .advanceTimers(Timer.days(1))
        .assertState("cancelled");
  }

  @Test
  void guardedTimerWhoseGuardFailsStillCountsAsFired() {
    MachineDefinition order =
        Machine.define("order")
            .behaviors(
                Behaviors.builder()
                    .guard("isNotPaidGuard", s -> !s.context().getBoolean("paid"))
                    .build())
            .context(Map.of("paid", true))
            .initial("awaiting_payment")
            .state(
                "awaiting_payment",
                s ->
                    s.on(
                        "ORDER_EXPIRED",
                        t -> t.to("cancelled").guard("isNotPaidGuard").after(Timer.days(7))))
            .finalState("cancelled")
            .build();
    MachineTest.of(order)
        .advanceTimers(Timer.days(7))
        .assertState("awaiting_payment")
        .assertTimerFiredTimes("ORDER_EXPIRED", 1)
        .assertNotHasTimer("ORDER_EXPIRED")
        .advanceTimers(Timer.days(70))
        .assertTimerFiredTimes("ORDER_EXPIRED", 1);
  }
}
