package dev.clockwork.core.definition;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.core.InvalidDefinitionException;
import dev.clockwork.core.behavior.Behaviors;
import dev.clockwork.core.time.InvalidTimerDefinitionException;
import dev.clockwork.core.time.Timer;
import org.junit.jupiter.api.Test;

/** Every kind of definition mistake fails in build(), naming the path and the fix. */
class DefinitionErrorsTest {

  private static MachineBuilder order() {
    return Machine.define("order").initial("idle").state("idle").finalState("paid");
  }

  @Test
  void unknownTarget() {
    assertThatThrownBy(
            () -> order().state("awaiting_payment", s -> s.on("PAY", "procesing")).build())
        .isInstanceOf(InvalidDefinitionException.class)
        .hasMessageStartingWith("order.awaiting_payment.on.PAY: target 'procesing' does not exist")
        .hasMessageContaining("[awaiting_payment, idle, paid]");
  }

  @Test
  void compoundWithoutInitial() {
    assertThatThrownBy(
            () -> order().state("shipping", s -> s.state("packing").state("packed")).build())
        .isInstanceOf(InvalidDefinitionException.class)
        .hasMessage(
            "order.shipping: a compound state needs an initial state; add .initial(\"packing\")"
                + " naming one of [packing, packed]");
  }

  @Test
  void initialThatIsNotAChild() {
    assertThatThrownBy(() -> Machine.define("order").initial("nowhere").state("idle").build())
        .hasMessage("order: initial 'nowhere' is not a child of this state; choose one of [idle]");
  }

  @Test
  void duplicateStateId() {
    assertThatThrownBy(() -> order().state("idle").build())
        .isInstanceOf(InvalidDefinitionException.class)
        .hasMessageStartingWith("order.idle: duplicate state id 'idle' under the same parent");
  }

  @Test
  void eventHandledTwiceInOneState() {
    assertThatThrownBy(
            () ->
                Machine.define("order")
                    .initial("idle")
                    .state("idle", s -> s.on("PAY", "paid").on("PAY", "idle"))
                    .finalState("paid")
                    .build())
        .hasMessageStartingWith("order.idle.on.PAY: the event is handled twice in this state");
  }

  @Test
  void unknownGuardName() {
    assertThatThrownBy(
            () ->
                order()
                    .behaviors(Behaviors.builder().guard("isPaid", s -> true).build())
                    .state("waiting", s -> s.on("PAY", t -> t.to("paid").guard("isPayed")))
                    .build())
        .hasMessageStartingWith("order.waiting.on.PAY: unknown guard 'isPayed'; register it with")
        .hasMessageEndingWith("(registered: [isPaid])");
  }

  @Test
  void unknownActionName() {
    assertThatThrownBy(() -> order().state("waiting", s -> s.entry("sendReminderAction")).build())
        .hasMessageStartingWith("order.waiting.entry: unknown action 'sendReminderAction'")
        .hasMessageEndingWith("(none are registered)");
  }

  @Test
  void unknownTimerValueName() {
    assertThatThrownBy(
            () ->
                order()
                    .state("waiting", s -> s.on("EXPIRE", t -> t.to("paid").timer("remainingTime")))
                    .build())
        .isInstanceOf(InvalidDefinitionException.class)
        .hasMessageStartingWith("order.waiting.on.EXPIRE: unknown timer value 'remainingTime'");
  }

  @Test
  void maxWithoutEvery() {
    assertThatThrownBy(
            () ->
                order()
                    .state(
                        "waiting",
                        s -> s.on("EXPIRE", t -> t.to("paid").after(Timer.days(7)).max(3)))
                    .build())
        .hasMessageStartingWith("order.waiting.on.EXPIRE: max needs a recurring timer");
  }

  @Test
  void thenWithoutMax() {
    assertThatThrownBy(
            () ->
                order()
                    .state(
                        "waiting",
                        s ->
                            s.on(
                                "RETRY",
                                t -> t.action(x -> {}).every(Timer.hours(6)).then("GIVE_UP")))
                    .build())
        .hasMessage(
            "order.waiting.on.RETRY: then needs max: add .max(3) to say after how many fires"
                + " \"GIVE_UP\" is sent");
  }

  @Test
  void nonPositiveStaticTimer() {
    assertThatThrownBy(() -> Timer.days(0))
        .isInstanceOf(InvalidTimerDefinitionException.class)
        .hasMessageContaining("Timer.days(0)");
    assertThatThrownBy(
            () ->
                order()
                    .state("waiting", s -> s.on("EXPIRE", t -> t.to("paid").after("PT0S")))
                    .build())
        .isInstanceOf(InvalidTimerDefinitionException.class)
        .hasMessageStartingWith("order.waiting.on.EXPIRE: ")
        .hasMessageContaining("PT0S");
  }

  @Test
  void badIsoDuration() {
    assertThatThrownBy(
            () ->
                order()
                    .state("waiting", s -> s.on("EXPIRE", t -> t.to("paid").after("P1X")))
                    .build())
        .isInstanceOf(InvalidTimerDefinitionException.class)
        .hasMessageStartingWith("order.waiting.on.EXPIRE: ")
        .hasMessageContaining("P1X");
  }

  @Test
  void badCronNamesTheField() {
    assertThatThrownBy(
            () ->
                order()
                    .state(
                        "waiting", s -> s.on("TICK", t -> t.action(x -> {}).cron("0 0 25 * * *")))
                    .build())
        .isInstanceOf(InvalidTimerDefinitionException.class)
        .hasMessageStartingWith("order.waiting.on.TICK: ")
        .hasMessageContaining("hour");
  }

  @Test
  void atWithoutOffsetOrZone() {
    assertThatThrownBy(
            () ->
                order()
                    .state(
                        "waiting",
                        s -> s.on("RELEASE", t -> t.to("paid").at("2019-10-01T12:00:00")))
                    .build())
        .isInstanceOf(InvalidTimerDefinitionException.class)
        .hasMessageStartingWith("order.waiting.on.RELEASE: ")
        .hasMessageContaining("offset");
  }

  @Test
  void twoTimersOnOneTransition() {
    assertThatThrownBy(
            () ->
                order()
                    .state(
                        "waiting",
                        s ->
                            s.on(
                                "EXPIRE",
                                t -> t.to("paid").after(Timer.days(1)).every(Timer.days(2))))
                    .build())
        .hasMessageStartingWith(
            "order.waiting.on.EXPIRE: one timer per transition, found [after, every]");
  }

  @Test
  void finalStateWithTransitions() {
    assertThatThrownBy(
            () ->
                Machine.define("order")
                    .initial("idle")
                    .state("idle")
                    .finalState("paid", s -> s.on("REFUND", "idle"))
                    .build())
        .hasMessageStartingWith("order.paid: a final state cannot have children or transitions");
  }

  @Test
  void directBranchMixedWithBranches() {
    assertThatThrownBy(
            () ->
                order()
                    .state("waiting", s -> s.on("PAY", t -> t.to("paid").branch(b -> b.to("idle"))))
                    .build())
        .hasMessageStartingWith("order.waiting.on.PAY: declare either one branch directly");
  }

  @Test
  void timerOnAnEventlessTransition() {
    assertThatThrownBy(
            () ->
                order()
                    .state("waiting", s -> s.always(t -> t.to("paid").after(Timer.days(1))))
                    .build())
        .hasMessageStartingWith("order.waiting.always: only an event transition can carry a timer");
  }

  @Test
  void doneOnAnAtomicState() {
    assertThatThrownBy(() -> order().state("waiting", s -> s.onDone("paid")).build())
        .hasMessageStartingWith(
            "order.waiting.onDone: only a compound or parallel state is ever done");
  }

  @Test
  void parallelWithInitial() {
    assertThatThrownBy(
            () -> order().parallel("checks", p -> p.initial("a").state("a").state("b")).build())
        .hasMessageStartingWith("order.checks: a parallel state enters every region");
  }

  @Test
  void machineWithoutStates() {
    assertThatThrownBy(() -> Machine.define("empty").build())
        .hasMessageStartingWith("empty: a machine needs at least one state");
  }
}
