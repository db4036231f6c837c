package dev.clockwork.testkit;

import static dev.clockwork.testkit.ClockworkAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.time.Timer;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.memory.InMemoryStore;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Delegation: a state runs a child machine; its outcome routes the parent (the seed's examples).
 */
class ChildMachineTest {

  static final MachineDefinition PAYMENT =
      Machine.define("payment")
          .initial("pending")
          .state(
              "pending",
              s ->
                  s.on("APPROVE", "approved")
                      .on("DECLINE", "declined")
                      .on(
                          "CRASH",
                          t ->
                              t.action(
                                  x -> {
                                    throw new IllegalStateException("gateway exploded");
                                  })))
          .finalState("approved")
          .finalState("declined")
          .build();

  static final MachineDefinition ORDER =
      Machine.define("order")
          .context(Map.of("amount", 42))
          .initial("processing")
          .state(
              "processing",
              s ->
                  s.invoke("payment", c -> Map.of("amount", c.get("amount")))
                      .on("@done.declined", "rejected")
                      .on(
                          "@done",
                          t ->
                              t.to("completed")
                                  .action(x -> x.set("paidBy", x.event().payload().get("child"))))
                      .on(
                          "@fail",
                          t ->
                              t.to("payment_failed")
                                  .action(x -> x.set("why", x.event().payload().get("error"))))
                      .on("@timeout", t -> t.to("child_timed_out").after(Timer.minutes(5)))
                      .on("ALERT", t -> t.action(x -> x.set("alerted", true)).after(Timer.days(1)))
                      .on("CANCEL", "cancelled"))
          .state("completed")
          .state("rejected")
          .state("payment_failed")
          .state("child_timed_out")
          .state("cancelled")
          .build();

  private static MachineTest start() {
    return MachineTest.with(ORDER).register(PAYMENT).start();
  }

  @Test
  void enteringTheStateStartsTheChildWithItsInput() {
    MachineTest test = start();
    String child = test.child("processing");
    assertThat(child).isEqualTo(test.instanceId() + "/processing#2");
    assertThat(test.engine().instances().get(child)).isIn("pending").hasContext("amount", 42);
  }

  @Test
  void childDoneMovesTheParent() {
    MachineTest test = start();
    String child = test.child("processing");
    test.sendToChild("processing", "APPROVE")
        .assertState("completed")
        .assertContext("paidBy", child);
  }

  @Test
  void doneWithAFinalStateRoutesOnThatState() {
    start().sendToChild("processing", "DECLINE").assertState("rejected");
  }

  @Test
  void childFailureRoutesToFailAfterItsRetries() {
    MachineTest test = start();
    test.engine().enqueue(test.child("processing"), dev.clockwork.core.event.Event.of("CRASH"));
    test.advanceTimers(Duration.ofSeconds(10))
        .assertState("payment_failed")
        .assertContext("why", "IllegalStateException: gateway exploded");
  }

  @Test
  void timeoutLeavesTheStateAndCancelsTheChild() {
    MachineTest test = start();
    String child = test.child("processing");
    test.advanceTimers(Timer.minutes(5))
        .assertState("child_timed_out")
        .assertTimerFired("@timeout");
    assertThat(test.engine().instances().get(child).isCancelled()).isTrue();
    assertThat(test.engine().instances().get(child).timers()).isEmpty();
  }

  @Test
  void parentLeavingEarlyCancelsTheChildAndIgnoresItsLateOutcome() {
    MachineTest test = start();
    String child = test.child("processing");
    test.send("CANCEL").assertState("cancelled");
    assertThat(test.engine().instances().get(child).isCancelled()).isTrue();
    test.engine().send(child, Event.of("APPROVE"));
    test.engine().runDue();
    test.assertState("cancelled");
  }

  @Test
  void stateTimersCoexistWithTheChildTimeout() {
    MachineTest test = start().assertHasTimer("@timeout").assertHasTimer("ALERT");
    test.assertTimerDue("@timeout", MachineTest.DEFAULT_START.plus(Duration.ofMinutes(5)))
        .assertTimerDue("ALERT", MachineTest.DEFAULT_START.plus(Duration.ofDays(1)));
  }

  @Test
  void aStaleOutcomeFromAnEarlierEntryIsDropped() {
    MachineDefinition retrying =
        Machine.define("retrying")
            .initial("processing")
            .state(
                "processing",
                s -> s.invoke("payment").on("@done", "completed").on("RESTART", "restarting"))
            .state("restarting", s -> s.always("processing"))
            .state("completed")
            .build();
    InMemoryStore store = new InMemoryStore();
    MachineTest test = MachineTest.with(retrying).store(store).register(PAYMENT).start();
    String first = test.child("processing");
    test.send("RESTART");
    String second = test.child("processing");
    assertThat(second).isNotEqualTo(first);
    assertThat(test.engine().instances().get(first).isCancelled()).isTrue();
    long firstEntry = Long.parseLong(first.substring(first.lastIndexOf('#') + 1));
    // the engine's own delivery path (what a child's outcome takes): callers cannot send @done
    store
        .queue()
        .enqueue(
            QueuedEvent.of(
                    test.instanceId(),
                    "retrying",
                    Event.of(
                        "@done.approved",
                        Map.of(
                            "child",
                            first,
                            "parentState",
                            "processing",
                            "parentEntry",
                            firstEntry)),
                    "child",
                    test.engine().clock().instant())
                .withConversationId(
                    test.engine().instances().get(test.instanceId()).conversationId()));
    test.engine().runDue();
    test.assertState("processing");
    assertThat(test.history())
        .anySatisfy(
            h -> {
              assertThat(h.kind()).isEqualTo(HistoryEntry.Kind.DROPPED);
              assertThat(h.detail()).contains("processing@" + firstEntry);
            });
    test.sendToChild("processing", "APPROVE").assertState("completed");
  }
}
