package dev.clockwork.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.time.Timer;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.error.EventFailedException;
import dev.clockwork.runtime.error.UnknownEventException;
import dev.clockwork.runtime.error.UnknownInstanceException;
import dev.clockwork.runtime.error.UnknownMachineException;
import dev.clockwork.runtime.instance.HistoryQuery;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.store.DuplicateInstanceException;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.HistoryEntry.Kind;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The in-memory engine: instances, events, failures, history and due timers. */
class EngineTest {
  private static final MachineDefinition ORDER =
      Machine.define("order")
          .context(Map.of("paid", false))
          .initial("awaiting_payment")
          .state(
              "awaiting_payment",
              s ->
                  s.on("PAY", t -> t.to("paid").action(x -> x.set("paid", true)))
                      .on(
                          "EXPLODE",
                          t ->
                              t.action(
                                  x -> {
                                    x.set("paid", true);
                                    throw new IllegalStateException("card processor down");
                                  }))
                      .on("QUOTE", t -> t.action(x -> x.reply(Map.of("total", 42))))
                      .on("ORDER_EXPIRED", t -> t.to("cancelled").after(Timer.days(7))))
          .finalState("paid")
          .finalState("cancelled")
          .build();

  private final VirtualClock clock = VirtualClock.at("2026-01-01T00:00:00Z");
  private final Engine engine = Engine.builder().clock(clock).register(ORDER).build();

  @Test
  void createsAnInstanceWithInputMergedOverTheInitialContext() {
    Instance order =
        engine.create(NewInstance.of("order").id("o-1").input(Map.of("customer", "ada")));
    assertThat(order.id()).isEqualTo("o-1");
    assertThat(order.states()).containsExactly("awaiting_payment");
    assertThat(order.context()).containsEntry("paid", false).containsEntry("customer", "ada");
    assertThat(order.timers())
        .singleElement()
        .satisfies(t -> assertThat(t.event()).isEqualTo("ORDER_EXPIRED"));
  }

  @Test
  void instanceIdsAreUnique() {
    engine.create(NewInstance.of("order").id("o-1"));
    assertThatThrownBy(() -> engine.create(NewInstance.of("order").id("o-1")))
        .isInstanceOf(DuplicateInstanceException.class)
        .hasMessageContaining("'o-1' already exists");
  }

  @Test
  void sendReturnsTheNewStateAndTheReply() {
    String id = engine.create("order").id();
    assertThat(engine.send(id, Event.of("QUOTE")).reply()).contains(Map.of("total", 42));
    SendResult paid = engine.send(id, Event.of("PAY"));
    assertThat(paid.handled()).isTrue();
    assertThat(paid.instance().states()).containsExactly("paid");
    assertThat(paid.instance().isDone()).isTrue();
    assertThat(paid.instance().timers()).isEmpty();
  }

  @Test
  void aFailingActionLeavesTheInstanceUnchangedAndIsRecorded() {
    String id = engine.create("order").id();
    assertThatThrownBy(() -> engine.send(id, Event.of("EXPLODE")))
        .isInstanceOf(EventFailedException.class)
        .hasMessageContaining(
            "could not process EXPLODE: IllegalStateException: card processor down");
    assertThat(engine.instances().get(id).context()).containsEntry("paid", false);
    assertThat(engine.instances().history(HistoryQuery.all(id)))
        .last()
        .satisfies(
            h -> {
              assertThat(h.kind()).isEqualTo(Kind.FAILED);
              assertThat(h.detail()).contains("card processor down");
            });
    assertThat(engine.send(id, Event.of("PAY")).instance().states()).containsExactly("paid");
  }

  @Test
  void historyIsNumberedPerInstance() {
    String id = engine.create("order").id();
    engine.send(id, Event.of("QUOTE"));
    engine.send(id, Event.of("PAY"));
    List<HistoryEntry> history = engine.instances().history(HistoryQuery.all(id));
    assertThat(history).extracting(HistoryEntry::sequence).containsExactly(1L, 2L, 3L, 4L);
    assertThat(history)
        .extracting(HistoryEntry::kind)
        .containsExactly(Kind.CREATED, Kind.EVENT, Kind.EVENT, Kind.DONE);
  }

  @Test
  void anEventTheMachineDoesNotKnowIsRefusedWhenSent() {
    String id = engine.create("order").id();
    assertThatThrownBy(() -> engine.send(id, Event.of("PAYY")))
        .isInstanceOf(UnknownEventException.class)
        .hasMessage(
            "machine 'order' has no transition for event 'PAYY'; it takes [EXPLODE, ORDER_EXPIRED,"
                + " PAY, QUOTE]");
    assertThatThrownBy(() -> engine.enqueue(id, Event.of("PAYY")))
        .isInstanceOf(UnknownEventException.class);
    assertThat(engine.instances().history(HistoryQuery.all(id))).hasSize(1);
  }

  @Test
  void unknownInstancesAndMachinesGetClearErrors() {
    assertThatThrownBy(() -> engine.send("nope", Event.of("PAY")))
        .isInstanceOf(UnknownInstanceException.class)
        .hasMessage("no instance with id 'nope'; create it first with engine.create(…)");
    assertThatThrownBy(() -> engine.create("invoice"))
        .isInstanceOf(UnknownMachineException.class)
        .hasMessageContaining("no machine 'invoice' is registered")
        .hasMessageContaining("[order]");
  }

  @Test
  void runDueFiresOnlyDueTimersInBatches() {
    Engine small =
        Engine.builder()
            .clock(clock)
            .register(ORDER)
            .settings(s -> s.timers(t -> t.batchSize(2)))
            .build();
    for (int i = 0; i < 5; i++) {
      small.create(NewInstance.of("order").id("o-" + i));
    }
    clock.advance(Duration.ofDays(7).minusSeconds(1));
    assertThat(small.runDue()).isZero();
    clock.advance(Duration.ofSeconds(1));
    assertThat(small.runDue()).isEqualTo(5);
    assertThat(small.instances().get("o-4").states()).containsExactly("cancelled");
    assertThat(small.admin().nextDue()).isEmpty();
  }

  @Test
  void aNewVersionIsUsedForNewInstancesAndOldOnesKeepTheirs() {
    engine.create(NewInstance.of("order").id("old"));
    MachineDefinition v2 =
        Machine.define("order")
            .version(2)
            .initial("awaiting_payment")
            .state("awaiting_payment", s -> s.on("PAY", "paid"))
            .finalState("paid")
            .build();
    engine.machines().register(v2);
    assertThat(engine.create(NewInstance.of("order").id("new")).version()).isEqualTo(2);
    assertThat(engine.instances().get("old").version()).isEqualTo(1);
  }

  @Test
  void anOriginOpensTheHistoryOfTheInstanceItStarted() {
    engine.create(
        NewInstance.of("order")
            .id("o-1")
            .origin(Event.of("ScheduleTriggered", Map.of("schedule_id", "nightly"))));
    assertThat(engine.instances().history(HistoryQuery.all("o-1")))
        .first()
        .satisfies(
            h -> {
              assertThat(h.kind()).isEqualTo(Kind.ORIGIN);
              assertThat(h.event()).isEqualTo("ScheduleTriggered");
              assertThat(h.payload()).containsEntry("schedule_id", "nightly");
            });
  }

  @Test
  void cancelGoesThroughTheQueueAndTerminateActsNow() {
    engine.create(NewInstance.of("order").id("queued"));
    engine.create(NewInstance.of("order").id("now"));
    engine.instances().cancel("queued");
    assertThat(engine.instances().get("queued").isCancelled()).isFalse();
    engine.runDue();
    assertThat(engine.instances().get("queued").isCancelled()).isTrue();
    assertThat(engine.instances().get("queued").timers()).isEmpty();
    assertThat(engine.instances().terminate("now").isCancelled()).isTrue();
    assertThat(engine.send("now", Event.of("PAY")).handled()).isFalse();
  }

  @Test
  void workerTasksRunInTheWorkerLoop() {
    java.util.concurrent.atomic.AtomicInteger runs =
        new java.util.concurrent.atomic.AtomicInteger();
    try (Engine running = Engine.builder().clock(clock).register(ORDER).build()) {
      running.tasks().addWorkerTask("count", Duration.ofMillis(1), runs::incrementAndGet);
      running.start();
      org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(5)).until(() -> runs.get() >= 2);
    }
  }
}
