package dev.clockwork.testkit;

import static dev.clockwork.testkit.ClockworkAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.event.TimerFire;
import dev.clockwork.core.interpreter.ArmedTimer;
import dev.clockwork.core.time.Timer;
import dev.clockwork.runtime.Instance;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.store.HistoryEntry;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Fencing, isolation and boundary behaviour of timers. */
class TimerEdgeCasesTest {

  @Test
  void timerTriggeredAlwaysLoopFailsThatFireOnlyAndOtherInstancesKeepFiring() {
    MachineDefinition looping =
        Machine.define("looping")
            .maxTransitionDepth(20)
            .context(Map.of("loop", false))
            .initial("waiting")
            .state(
                "waiting",
                s ->
                    s.on(
                        "WAKE",
                        t ->
                            t.branch(b -> b.to("ping").guard(x -> x.context().getBoolean("loop")))
                                .branch(b -> b.to("awake"))
                                .after(Timer.hours(1))))
            .state("ping", s -> s.always("pong"))
            .state("pong", s -> s.always("ping"))
            .state("awake")
            .build();
    MachineTest test = MachineTest.of(looping, Map.of("loop", true));
    String healthy = test.engine().create(NewInstance.of("looping").id("healthy")).id();
    test.advanceTimers(Timer.hours(2));

    test.assertState("waiting");
    List<HistoryEntry> history = test.history();
    assertThat(history)
        .anySatisfy(
            h -> {
              assertThat(h.kind()).isEqualTo(HistoryEntry.Kind.FAILED);
              assertThat(h.detail()).startsWith("MaxTransitionDepthExceededException");
            });
    assertThat(test.engine().instances().get(healthy)).isIn("awake");
  }

  @Test
  void aStaleFireFromAnEarlierEntryIsDroppedAndRecorded() {
    MachineDefinition order =
        Machine.define("order")
            .initial("awaiting_payment")
            .state(
                "awaiting_payment",
                s ->
                    s.on("ORDER_EXPIRED", t -> t.to("cancelled").after(Timer.days(7)))
                        .on("HOLD", "on_hold"))
            .state("on_hold", s -> s.on("RESUME", "awaiting_payment"))
            .state("cancelled")
            .build();
    MachineTest test = MachineTest.of(order);
    ArmedTimer first = test.instance().timers().get(0);
    test.send("HOLD").send("RESUME").advanceTimers(Timer.days(7).toDuration().minusSeconds(1));

    test.send(
        Event.timerFire("ORDER_EXPIRED", new TimerFire(first.key(), first.entryId(), first.due())));

    test.assertState("awaiting_payment").assertHasTimer("ORDER_EXPIRED");
    assertThat(test.history())
        .anySatisfy(
            h -> {
              assertThat(h.kind()).isEqualTo(HistoryEntry.Kind.TIMER_DROPPED);
              assertThat(h.detail()).contains("no longer active");
            });
  }

  @Test
  void aFireIsNeverAppliedBeforeItsDueTime() {
    MachineDefinition order =
        Machine.define("order")
            .initial("waiting")
            .state("waiting", s -> s.on("EXPIRE", t -> t.to("expired").after(Timer.days(1))))
            .state("expired")
            .build();
    MachineTest test = MachineTest.of(order);
    ArmedTimer armed = test.instance().timers().get(0);
    test.advanceTimers(Duration.ofHours(23));
    test.send(Event.timerFire("EXPIRE", new TimerFire(armed.key(), armed.entryId(), armed.due())));
    test.assertState("waiting").assertTimerNotFired("EXPIRE");
  }

  @Test
  void compoundTimersKeepRunningWhileChildrenChange() {
    MachineDefinition review =
        Machine.define("review")
            .initial("in_review")
            .state(
                "in_review",
                s ->
                    s.initial("draft")
                        .state("draft", c -> c.on("SUBMIT", "checking"))
                        .state("checking", c -> c.on("REJECT", "draft"))
                        .on(
                            "NUDGE",
                            t ->
                                t.action(x -> x.set("nudges", x.context().getLong("nudges", 0) + 1))
                                    .every(Timer.hours(4))))
            .build();
    MachineTest test =
        MachineTest.of(review)
            .advanceTimers(Timer.hours(3))
            .send("SUBMIT")
            .send("REJECT")
            .send("SUBMIT");
    test.assertTimerDue("NUDGE", MachineTest.DEFAULT_START.plus(Duration.ofHours(4)))
        .advanceTimers(Timer.hours(5))
        .assertContext("nudges", 2)
        .assertState("in_review.checking");
  }

  @Test
  void eachFireIsItsOwnMacrostep() {
    MachineDefinition twin =
        Machine.define("twin")
            .initial("waiting")
            .state(
                "waiting",
                s ->
                    s.on("A", t -> t.action(x -> x.set("a", true)).after(Timer.hours(1)))
                        .on("B", t -> t.action(x -> x.set("b", true)).after(Timer.hours(1))))
            .build();
    MachineTest test = MachineTest.of(twin).advanceTimers(Timer.hours(1));
    List<HistoryEntry> fired =
        test.history().stream().filter(h -> h.kind() == HistoryEntry.Kind.TIMER_FIRED).toList();
    assertThat(fired).extracting(HistoryEntry::event).containsExactlyInAnyOrder("A", "B");
    assertThat(fired.get(0).sequence()).isLessThan(fired.get(1).sequence());
    Instance instance = test.instance();
    assertThat(instance).hasContext("a", true).hasContext("b", true).hasNoTimer("A");
  }

  @Test
  void advanceTimersFiresAcrossInstancesInDueOrder() {
    MachineDefinition stamp =
        Machine.define("stamp")
            .initial("waiting")
            .state(
                "waiting",
                s ->
                    s.on(
                        "STAMP",
                        t ->
                            t.to("stamped")
                                .action(x -> x.set("at", x.now().toString()))
                                .after(Timer.hours(2))))
            .state("stamped")
            .build();
    MachineTest test = MachineTest.of(stamp);
    test.advanceTimers(Timer.hours(1));
    String later = test.engine().create(NewInstance.of("stamp").id("later")).id();
    test.advanceTimers(Timer.hours(10));
    test.assertContext("at", "2026-01-01T02:00:00Z");
    assertThat(test.engine().instances().get(later)).hasContext("at", "2026-01-01T03:00:00Z");
  }
}
