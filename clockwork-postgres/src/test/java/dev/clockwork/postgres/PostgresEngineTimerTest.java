package dev.clockwork.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.time.Timer;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.clock.TimeTravel;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.instance.HistoryQuery;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.HistoryEntry.Kind;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The seed's order machine, end to end on PostgreSQL: queued events, timers fired from the instance
 * rows at their due instants, worker threads.
 */
class PostgresEngineTimerTest extends StoreFixture {
  private static final MachineDefinition SHOP_ORDER =
      Machine.define("shop-order")
          .initial("idle")
          .state("idle", s -> s.on("SUBMIT", "awaiting_payment"))
          .state(
              "awaiting_payment",
              s ->
                  s.on("PAY", "processing")
                      .on("REMIND", t -> t.every(Timer.days(1)).max(2).action(x -> {}))
                      .on("ORDER_EXPIRED", t -> t.to("cancelled").after(Timer.days(7))))
          .state("processing")
          .finalState("cancelled")
          .build();

  /** Waits the number of milliseconds in {@code ms}, computed on entry. */
  private static final MachineDefinition HOLD =
      Machine.define("hold")
          .initial("waiting")
          .state("waiting", s -> s.on("EXPIRE", t -> t.to("expired").timerFromContext("ms")))
          .finalState("expired")
          .build();

  private Engine engine(VirtualClock clock) {
    return Engine.builder().store(store).clock(clock).register(SHOP_ORDER).build();
  }

  @Test
  void anUnpaidOrderExpiresSevenDaysAfterItWasSubmitted() {
    VirtualClock clock = VirtualClock.at(T0);
    Engine engine = engine(clock);
    engine.create(NewInstance.of("shop-order").id("order-1").input(Map.of("total", 42.5)));
    engine.enqueue("order-1", Event.of("SUBMIT"));
    engine.runDue();
    assertThat(engine.instances().get("order-1").states()).containsExactly("awaiting_payment");
    assertThat(engine.admin().nextDue()).contains(T0.plus(Duration.ofDays(1)));

    TimeTravel.advance(engine, clock, T0.plus(Duration.ofDays(7)).minusMillis(1));
    assertThat(engine.instances().get("order-1").states()).containsExactly("awaiting_payment");
    TimeTravel.advance(engine, clock, T0.plus(Duration.ofDays(7)));

    assertThat(engine.instances().get("order-1").states()).containsExactly("cancelled");
    assertThat(engine.instances().get("order-1").context()).containsEntry("total", 42.5);
    List<HistoryEntry> fired =
        engine.instances().history(HistoryQuery.all("order-1")).stream()
            .filter(h -> h.kind() == Kind.TIMER_FIRED)
            .toList();
    assertThat(fired)
        .extracting(HistoryEntry::event, HistoryEntry::at)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("REMIND", T0.plus(Duration.ofDays(1))),
            org.assertj.core.groups.Tuple.tuple("REMIND", T0.plus(Duration.ofDays(2))),
            org.assertj.core.groups.Tuple.tuple("ORDER_EXPIRED", T0.plus(Duration.ofDays(7))));
    assertThat(engine.admin().nextDue()).isEmpty();
    assertThat(store.queueAdmin().armedTimers(null, null, null, 10)).isEmpty();
  }

  @Test
  void aComputedDueWithAFractionOfAMillisecondIsNeverEarly() {
    VirtualClock clock = VirtualClock.at(T0);
    Engine engine = Engine.builder().store(store).clock(clock).register(HOLD).build();
    engine.create(NewInstance.of("hold").id("hold-1").input(Map.of("ms", 1500.5)));
    Instant due = T0.plusNanos(1_500_500_000);
    assertThat(engine.admin().nextDue()).contains(due);

    TimeTravel.advance(engine, clock, T0.plusMillis(1500));
    TimeTravel.advance(engine, clock, due.minusNanos(1));
    assertThat(engine.instances().get("hold-1").states()).containsExactly("waiting");
    TimeTravel.advance(engine, clock, due);

    assertThat(engine.instances().get("hold-1").states()).containsExactly("expired");
    assertThat(engine.instances().history(HistoryQuery.all("hold-1")))
        .filteredOn(h -> h.kind() == Kind.TIMER_FIRED)
        .extracting(HistoryEntry::at)
        .containsExactly(due);
  }

  @Test
  void aComputedDueBetweenTwoMicrosecondsIsKeptAtTheLaterOne() {
    VirtualClock clock = VirtualClock.at(T0);
    Engine engine = Engine.builder().store(store).clock(clock).register(HOLD).build();
    engine.create(
        NewInstance.of("hold")
            .id("hold-1")
            .input(Map.of("ms", 1500.0005))); // 1,500,000.5 microseconds
    Instant roundedUp = T0.plusNanos(1_500_001_000);
    assertThat(engine.admin().nextDue()).contains(roundedUp);

    TimeTravel.advance(engine, clock, T0.plusNanos(1_500_000_999));
    assertThat(engine.instances().get("hold-1").states()).containsExactly("waiting");
    TimeTravel.advance(engine, clock, roundedUp);

    assertThat(engine.instances().get("hold-1").states()).containsExactly("expired");
  }

  @Test
  void paidOrdersKeepNoTimers() {
    VirtualClock clock = VirtualClock.at(T0);
    Engine engine = engine(clock);
    engine.create(NewInstance.of("shop-order").id("order-1"));
    engine.send("order-1", Event.of("SUBMIT"));
    engine.send("order-1", Event.of("PAY"));
    assertThat(store.queueAdmin().armedTimers(null, null, null, 10)).isEmpty();
    TimeTravel.advance(engine, clock, T0.plus(Duration.ofDays(30)));
    assertThat(engine.instances().get("order-1").states()).containsExactly("processing");
  }

  @Test
  void workerThreadsProcessQueuedEventsAndDueTimers() {
    VirtualClock clock = VirtualClock.at(T0);
    try (Engine engine =
        Engine.builder()
            .store(store)
            .clock(clock)
            .register(SHOP_ORDER)
            .settings(s -> s.workers(w -> w.threads(2).pollInterval(Duration.ofMillis(250))))
            .build()) {
      for (int i = 0; i < 20; i++) {
        engine.create(NewInstance.of("shop-order").id("order-" + i));
      }
      engine.start();
      for (int i = 0; i < 20; i++) {
        engine.enqueue("order-" + i, Event.of("SUBMIT"));
      }
      await()
          .atMost(Duration.ofSeconds(20))
          .until(
              () ->
                  engine.instances().get("order-19").states().equals(List.of("awaiting_payment"))
                      && store.queue().pendingEvents() == 0);
      for (int i = 0; i < 10; i++) {
        engine.enqueue("order-" + i, Event.of("PAY"));
      }
      // the payments land before the clock passes the expiry: otherwise an expiry fire may win
      await()
          .atMost(Duration.ofSeconds(20))
          .until(
              () ->
                  store.queue().pendingEvents() == 0
                      && engine.instances().get("order-9").states().equals(List.of("processing")));
      clock.moveTo(T0.plus(Duration.ofDays(8)));
      Instant cancelledBy = clock.instant();
      // the ten expiries are due together and two threads fire them in any order: wait for all
      await()
          .atMost(Duration.ofSeconds(20))
          .until(
              () ->
                  IntStream.range(10, 20)
                      .allMatch(
                          i ->
                              engine
                                  .instances()
                                  .get("order-" + i)
                                  .states()
                                  .equals(List.of("cancelled"))));
      for (int i = 0; i < 20; i++) {
        assertThat(engine.instances().get("order-" + i).states())
            .containsExactly(i < 10 ? "processing" : "cancelled");
      }
      assertThat(cancelledBy).isAfter(T0);
    }
  }
}
