package dev.clockwork.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.time.Timer;
import dev.clockwork.runtime.clock.TimeTravel;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.error.UnknownEventIdException;
import dev.clockwork.runtime.instance.HistoryQuery;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.queue.EventStatus;
import dev.clockwork.runtime.queue.EventStatus.State;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.HistoryEntry.Kind;
import dev.clockwork.runtime.store.Store;
import dev.clockwork.runtime.store.StoredEntry;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What lets an operator follow one event: actions see their instance, event id and attempt; history
 * rows carry the queued event's id and attempt, failed attempts, timer due instants and state
 * entries; {@link Instances#event} tells an event's fate. Subclass once per store.
 */
public abstract class TraceabilityContractTest {
  private static final Instant T0 = Instant.parse("2026-06-01T12:00:00Z");

  /** What each attempt's action saw: instance, event id, attempt. */
  private final List<String> deliveries = new CopyOnWriteArrayList<>();

  private VirtualClock clock;
  private Engine engine;

  protected abstract Store newStore();

  private MachineDefinition order() {
    return Machine.define("order")
        .initial("new")
        .state(
            "new",
            s ->
                s.on(
                        "PAY",
                        t ->
                            t.to("paid")
                                .action(
                                    x -> {
                                      deliveries.add(
                                          x.instanceId() + "#" + x.eventId() + "@" + x.attempt());
                                      if (x.attempt() == 1) {
                                        throw new IllegalStateException("gateway timeout");
                                      }
                                    }))
                    .on("REFUSE", t -> t.action(x -> x.fail("NO_STOCK")))
                    .on("REMIND", t -> t.after(Timer.hours(1))))
        .state("paid", s -> s.initial("packing").state("packing").state("shipped"))
        .build();
  }

  @BeforeEach
  void setUp() {
    clock = VirtualClock.at(T0);
    engine = Engine.builder().store(newStore()).clock(clock).register(order()).build();
    engine.create(NewInstance.of("order").id("o-1"));
  }

  @Test
  void anActionSeesItsInstanceEventIdAndAttempt() {
    QueuedEvent pay = engine.enqueue("o-1", Event.of("PAY"));
    TimeTravel.advance(engine, clock, T0.plusSeconds(5));
    assertThat(deliveries).containsExactly("o-1#" + pay.id() + "@1", "o-1#" + pay.id() + "@2");
  }

  @Test
  void historyRecordsEachAttemptOfAQueuedEventWithItsIdAndTheStatesItEntered() {
    QueuedEvent pay = engine.enqueue("o-1", Event.of("PAY"));
    TimeTravel.advance(engine, clock, T0.plusSeconds(5));

    List<HistoryEntry> rows =
        engine.instances().history(HistoryQuery.all("o-1")).stream()
            .filter(h -> h.eventId() == pay.id())
            .toList();
    assertThat(rows)
        .extracting(HistoryEntry::kind)
        .containsExactly(Kind.ATTEMPT_FAILED, Kind.EVENT);
    assertThat(rows).extracting(HistoryEntry::attempt).containsExactly(1, 2);
    assertThat(rows.get(0).detail()).contains("gateway timeout");
    assertThat(rows.get(1).entered())
        .extracting(StoredEntry::path, StoredEntry::enteredAt)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("paid", T0.plusSeconds(1)),
            org.assertj.core.groups.Tuple.tuple("paid.packing", T0.plusSeconds(1)));
  }

  @Test
  void aTimerFireRecordsTheInstantItWasDue() {
    TimeTravel.advance(engine, clock, T0.plus(Duration.ofMinutes(63)));
    assertThat(engine.instances().history(HistoryQuery.all("o-1")))
        .filteredOn(h -> h.kind() == Kind.TIMER_FIRED)
        .singleElement()
        .satisfies(
            h -> {
              assertThat(h.payload()).containsEntry("due", T0.plus(Duration.ofHours(1)).toString());
              assertThat(h.attempt()).isEqualTo(1);
              assertThat(h.eventId()).isZero();
            });
  }

  @Test
  void anEventsFateCanBeLookedUpByTheIdEnqueueReturned() {
    QueuedEvent pay = engine.enqueue("o-1", Event.of("PAY"));
    assertThat(engine.instances().event("o-1", pay.id()).state()).isEqualTo(State.PENDING);

    engine.runDue();
    EventStatus retrying = engine.instances().event("o-1", pay.id());
    assertThat(retrying.state()).isEqualTo(State.RETRYING);
    assertThat(retrying.attempts()).isEqualTo(1);
    assertThat(retrying.nextAttemptAt()).isEqualTo(T0.plusSeconds(1));
    assertThat(retrying.errors())
        .singleElement()
        .satisfies(e -> assertThat(e.error()).contains("gateway timeout"));

    TimeTravel.advance(engine, clock, T0.plusSeconds(5));
    EventStatus applied = engine.instances().event("o-1", pay.id());
    assertThat(applied.state()).isEqualTo(State.APPLIED);
    HistoryEntry row =
        engine.instances().history(HistoryQuery.all("o-1")).stream()
            .filter(h -> h.sequence() == applied.historySequence())
            .findFirst()
            .orElseThrow();
    assertThat(row.kind()).isEqualTo(Kind.EVENT);
    assertThat(row.event()).isEqualTo("PAY");
  }

  @Test
  void aDeadLetteredEventsFateNamesItsDeadLetter() {
    QueuedEvent refuse = engine.enqueue("o-1", Event.of("REFUSE"));
    engine.runDue();
    EventStatus dead = engine.instances().event("o-1", refuse.id());
    assertThat(dead.state()).isEqualTo(State.DEAD_LETTERED);
    assertThat(engine.admin().queues().inspect(dead.deadLetterId()).event().id())
        .isEqualTo(refuse.id());
  }

  @Test
  void anIdThatWasNeverQueuedIsAClearError() {
    assertThatThrownBy(() -> engine.instances().event("o-1", 987_654))
        .isInstanceOf(UnknownEventIdException.class)
        .hasMessageContaining("instance 'o-1' has no event 987654");
  }
}
