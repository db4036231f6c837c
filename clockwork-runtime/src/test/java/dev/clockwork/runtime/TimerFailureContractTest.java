package dev.clockwork.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.interpreter.ArmedTimer;
import dev.clockwork.core.time.Timer;
import dev.clockwork.runtime.clock.TimeTravel;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.config.Settings;
import dev.clockwork.runtime.instance.HistoryQuery;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.queue.DeadLetter;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.HistoryEntry.Kind;
import dev.clockwork.runtime.store.Store;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Timer fires that fail: retried like events, holding back what is ordered after them; a fire that
 * fails for good goes to the dead letters and the timer moves on — a recurring one is due one
 * interval later, a one-shot is kept as failed (not armed) until its dead letter is retried.
 * Subclass once per store.
 */
public abstract class TimerFailureContractTest {
  private static final Instant T0 = Instant.parse("2026-03-02T09:00:00Z");

  private final AtomicBoolean probeDown = new AtomicBoolean(true);
  private VirtualClock clock;
  private Store store;

  protected abstract Store newStore();

  @BeforeEach
  void setUp() {
    clock = VirtualClock.at(T0);
    store = newStore();
  }

  private void probe(dev.clockwork.core.behavior.ActionScope scope) {
    if (probeDown.get()) {
      throw new IllegalStateException("probe down");
    }
    List<Object> seen = new ArrayList<>();
    Object before = scope.context().get("seen");
    if (before instanceof List<?> list) {
      seen.addAll(list);
    }
    seen.add(scope.event().type());
    scope.set("seen", seen);
  }

  private MachineDefinition heartbeat() {
    return Machine.define("heartbeat")
        .initial("on")
        .state(
            "on",
            s ->
                s.on("TICK", t -> t.action(this::probe).every(Timer.hours(1)))
                    .on("PING", t -> t.action(this::probe)))
        .build();
  }

  private MachineDefinition offer() {
    return Machine.define("offer")
        .initial("open")
        .state(
            "open",
            s -> s.on("EXPIRE", t -> t.to("expired").action(this::probe).after(Timer.hours(1))))
        .state("expired")
        .build();
  }

  private Engine engine(String yaml) {
    return Engine.builder()
        .store(store)
        .clock(clock)
        .register(heartbeat(), offer())
        .config(Settings.parse(yaml, "test.yaml"))
        .build();
  }

  @SuppressWarnings("unchecked")
  private static List<Object> seen(Engine engine, String id) {
    Object seen = engine.instances().get(id).context().get("seen");
    return seen == null ? List.of() : (List<Object>) seen;
  }

  @Test
  void aRecurringTimerKeepsFiringAfterAFireWentToTheDeadLetters() {
    Engine engine = engine("queue:\n  retry:\n    max_attempts: 1\n");
    engine.create(NewInstance.of("heartbeat").id("hb"));

    TimeTravel.advance(engine, clock, T0.plus(Duration.ofHours(1)));

    assertThat(store.queueAdmin().deadLetters("heartbeat", null, 0, 10))
        .singleElement()
        .satisfies(
            d -> {
              assertThat(d.event().event().type()).isEqualTo("TICK");
              assertThat(d.event().event().timer().due()).isEqualTo(T0.plus(Duration.ofHours(1)));
            });
    assertThat(engine.instances().get("hb").timers())
        .singleElement()
        .satisfies(t -> assertThat(t.due()).isEqualTo(T0.plus(Duration.ofHours(2))));
    assertThat(engine.admin().nextDue()).contains(T0.plus(Duration.ofHours(2)));

    probeDown.set(false);
    TimeTravel.advance(engine, clock, T0.plus(Duration.ofHours(2)));
    assertThat(seen(engine, "hb")).containsExactly("TICK");
    assertThat(engine.instances().get("hb").timers())
        .singleElement()
        .satisfies(t -> assertThat(t.due()).isEqualTo(T0.plus(Duration.ofHours(3))));
  }

  @Test
  void aFailingFireIsRetriedAndHoldsBackTheEventsQueuedAfterItsDueInstant() {
    Engine engine = engine("");
    engine.create(NewInstance.of("heartbeat").id("hb"));
    Instant due = T0.plus(Duration.ofHours(1));

    TimeTravel.advance(engine, clock, due);
    assertThat(engine.instances().history(HistoryQuery.all("hb")))
        .filteredOn(h -> h.kind() == Kind.ATTEMPT_FAILED)
        .singleElement()
        .satisfies(h -> assertThat(h.attempt()).isEqualTo(1));
    assertThat(store.queueAdmin().armedTimers("heartbeat", null, null, 10))
        .singleElement()
        .satisfies(
            t -> assertThat(t.due()).as("listed at its retry").isEqualTo(due.plusSeconds(1)));
    engine.enqueue("hb", Event.of("PING"));
    probeDown.set(false);
    TimeTravel.advance(engine, clock, due.plusMillis(999));
    assertThat(seen(engine, "hb")).as("PING waits behind the fire").isEmpty();

    TimeTravel.advance(engine, clock, due.plusSeconds(1));
    assertThat(seen(engine, "hb")).containsExactly("TICK", "PING");
    assertThat(engine.instances().history(HistoryQuery.all("hb")))
        .filteredOn(h -> h.kind() == Kind.TIMER_FIRED)
        .singleElement()
        .satisfies(
            h -> {
              assertThat(h.attempt()).isEqualTo(2);
              assertThat(h.payload()).containsEntry("due", due.toString());
            });
    assertThat(store.queueAdmin().deadLetters(null, null, 0, 10)).isEmpty();
  }

  @Test
  void everyAttemptOfAFireThatFailsForGoodIsInItsDeadLetter() {
    Engine engine = engine("");
    engine.create(NewInstance.of("heartbeat").id("hb"));
    Instant due = T0.plus(Duration.ofHours(1));

    TimeTravel.advance(engine, clock, due.plusSeconds(10));

    DeadLetter dead = store.queueAdmin().deadLetters("heartbeat", null, 0, 10).get(0);
    assertThat(dead.event().attempts()).isEqualTo(3);
    assertThat(dead.event().errors())
        .extracting(e -> e.at())
        .containsExactly(due, due.plusSeconds(1), due.plusSeconds(3));
    assertThat(engine.instances().history(HistoryQuery.all("hb")))
        .extracting(HistoryEntry::kind)
        .containsSubsequence(Kind.ATTEMPT_FAILED, Kind.ATTEMPT_FAILED, Kind.FAILED);
    assertThat(engine.instances().get("hb").timers())
        .as("an every timer is due one interval after its fire was processed (here: failed)")
        .singleElement()
        .satisfies(
            t -> assertThat(t.due()).isEqualTo(due.plusSeconds(3).plus(Duration.ofHours(1))));
  }

  @Test
  void aOneShotWhoseFireFailedForGoodIsShownFailedNotArmedUntilItsDeadLetterIsRetried() {
    Engine engine = engine("queue:\n  retry:\n    max_attempts: 1\n");
    engine.create(NewInstance.of("offer").id("o-1"));

    TimeTravel.advance(engine, clock, T0.plus(Duration.ofHours(2)));

    Instance offer = engine.instances().get("o-1");
    assertThat(offer.states()).containsExactly("open");
    assertThat(offer.timers()).isEmpty();
    assertThat(offer.failedTimers())
        .singleElement()
        .extracting(ArmedTimer::event)
        .isEqualTo("EXPIRE");
    assertThat(store.queueAdmin().armedTimers("offer", null, null, 10)).isEmpty();
    assertThat(engine.admin().nextDue()).isEmpty();
    DeadLetter dead = engine.admin().queues().deadLetters("offer", 10).get(0);
    assertThat(dead.event().event().timer().key()).isEqualTo(offer.failedTimers().get(0).key());

    probeDown.set(false);
    engine.admin().queues().retry(dead.id(), Duration.ZERO);
    engine.runDue();
    assertThat(engine.instances().get("o-1").states()).containsExactly("expired");
    assertThat(engine.instances().get("o-1").failedTimers()).isEmpty();
  }
}
