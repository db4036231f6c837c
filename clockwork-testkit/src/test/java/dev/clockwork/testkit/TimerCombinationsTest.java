package dev.clockwork.testkit;

import dev.clockwork.core.behavior.Action;
import dev.clockwork.core.behavior.Behaviors;
import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.time.Timer;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The ten transition-and-timer combinations of the time-based-events seed, one test each. */
class TimerCombinationsTest {

  private static final Behaviors BEHAVIORS =
      Behaviors.builder()
          .guard("isNotPaidGuard", s -> !s.context().getBoolean("paid"))
          .guard("isActiveGuard", s -> s.context().getBoolean("active"))
          .guard("isPaymentSuccessGuard", s -> s.context().getBoolean("gatewayOk"))
          .action("billingAction", count("billed"))
          .action("retryAction", count("retries"))
          .action("sendReminderAction", count("reminders"))
          .action("checkStatusAction", count("checks"))
          .build();

  private static Action count(String key) {
    return s -> s.set(key, s.context().getLong(key, 0) + 1);
  }

  private static MachineDefinition machine(
      Map<String, ?> context,
      java.util.function.Consumer<dev.clockwork.core.definition.StateBuilder> on) {
    return Machine.define("combo")
        .behaviors(BEHAVIORS)
        .context(context)
        .initial("waiting")
        .state("waiting", on)
        .state("processing")
        .state("checked")
        .state("cancelled")
        .state("late_payment")
        .state("paid")
        .state("payment_failed")
        .build();
  }

  @Test
  void simpleTargetWithoutTimer() {
    MachineTest.of(machine(Map.of(), s -> s.on("PAY", "processing")))
        .assertNotHasTimer("PAY")
        .send("PAY")
        .assertState("processing");
  }

  @Test
  void simpleTargetAfter() {
    MachineTest.of(
            machine(
                Map.of(), s -> s.on("ORDER_EXPIRED", t -> t.to("cancelled").after(Timer.days(7)))))
        .advanceTimers(Timer.days(7))
        .assertState("cancelled");
  }

  @Test
  void simpleTargetEvery() {
    MachineTest.of(
            machine(Map.of(), s -> s.on("HEARTBEAT", t -> t.to("checked").every(Timer.hours(1)))))
        .advanceTimers(Timer.hours(1))
        .assertState("checked")
        .assertTimerFiredTimes("HEARTBEAT", 1)
        .assertNotHasTimer("HEARTBEAT");
  }

  @Test
  void guardedSingleBranchAfter() {
    MachineTest.of(
            machine(
                Map.of("paid", false),
                s ->
                    s.on(
                        "ORDER_EXPIRED",
                        t -> t.to("cancelled").guard("isNotPaidGuard").after(Timer.days(7)))))
        .advanceTimers(Timer.days(7))
        .assertState("cancelled");
  }

  @Test
  void guardedSingleBranchEvery() {
    MachineTest.of(
            machine(
                Map.of("active", true),
                s ->
                    s.on(
                        "BILLING",
                        t ->
                            t.action("billingAction")
                                .guard("isActiveGuard")
                                .every(Timer.days(30)))))
        .advanceTimers(Timer.days(90))
        .assertContext("billed", 3)
        .assertTimerFiredTimes("BILLING", 3);
  }

  @Test
  void guardedMultiBranchAfter() {
    MachineDefinition machine =
        machine(
            Map.of("paid", true),
            s ->
                s.on(
                    "ORDER_EXPIRED",
                    t ->
                        t.branch(b -> b.to("cancelled").guard("isNotPaidGuard"))
                            .branch(b -> b.to("late_payment"))
                            .after(Timer.days(7))));
    MachineTest.of(machine).advanceTimers(Timer.days(7)).assertState("late_payment");
    MachineTest.of(machine, Map.of("paid", false))
        .advanceTimers(Timer.days(7))
        .assertState("cancelled");
  }

  @Test
  void guardedMultiBranchEveryWithMaxAndThen() {
    MachineDefinition machine =
        machine(
            Map.of("gatewayOk", false),
            s ->
                s.on(
                        "RETRY",
                        t ->
                            t.branch(b -> b.to("paid").guard("isPaymentSuccessGuard"))
                                .branch(b -> b.action("retryAction"))
                                .every(Timer.hours(6))
                                .max(3)
                                .then("MAX_RETRIES"))
                    .on("MAX_RETRIES", "payment_failed"));
    MachineTest.of(machine)
        .advanceTimers(Timer.hours(24))
        .assertContext("retries", 3)
        .assertState("payment_failed")
        .assertTimerFiredTimes("MAX_RETRIES", 1);
    MachineTest.of(machine, Map.of("gatewayOk", true))
        .advanceTimers(Timer.hours(6))
        .assertState("paid");
  }

  @Test
  void actionsOnlyAfter() {
    MachineTest.of(
            machine(
                Map.of(),
                s ->
                    s.on(
                        "SEND_REMINDER", t -> t.action("sendReminderAction").after(Timer.days(1)))))
        .advanceTimers(Timer.days(5))
        .assertState("waiting")
        .assertContext("reminders", 1);
  }

  @Test
  void actionsOnlyEvery() {
    MachineTest.of(
            machine(
                Map.of(),
                s ->
                    s.on("CHECK_STATUS", t -> t.action("checkStatusAction").every(Timer.hours(6)))))
        .advanceTimers(Timer.days(1))
        .assertState("waiting")
        .assertContext("checks", 4);
  }

  /**
   * The tenth combination puts timers on a state that hosts a child machine. Child machines are a
   * runtime feature of the durable engine; here the hosting state is a compound state whose inner
   * work changes states while its own timers keep running, and whose {@code after} ends it.
   */
  @Test
  void timersOnAStateHostingInnerWork() {
    MachineDefinition parent =
        Machine.define("parent")
            .behaviors(BEHAVIORS)
            .initial("awaiting_child")
            .state(
                "awaiting_child",
                s ->
                    s.initial("step1")
                        .state("step1", c -> c.on("NEXT", "step2"))
                        .state("step2")
                        .on(
                            "REMIND_CHILD",
                            t -> t.action("checkStatusAction").every(Timer.hours(5)))
                        .on("FORCE_CANCEL", t -> t.to("timed_out").after(Timer.days(7))))
            .finalState("timed_out")
            .build();
    MachineTest.of(parent)
        .advanceTimers(Timer.hours(13))
        .send("NEXT")
        .assertState("awaiting_child.step2")
        .advanceTimers(Timer.hours(11))
        .assertContext("checks", 4)
        .advanceTimers(Timer.days(6))
        .assertState("timed_out")
        .assertTimerFiredTimes("REMIND_CHILD", 33)
        .assertNotHasTimer("REMIND_CHILD");
  }
}
