package dev.clockwork.runtime.internal.retention;

import static org.assertj.core.api.Assertions.assertThat;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.time.Timer;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.Instance;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.config.Settings;
import dev.clockwork.runtime.error.UnknownInstanceException;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.internal.Listeners;
import dev.clockwork.runtime.listener.EngineListener;
import dev.clockwork.runtime.listener.ProcessedEvent;
import dev.clockwork.runtime.store.Store;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Purging races the turns that finish instances: events arriving, timers firing and children
 * finishing, while passes whose clock makes every finished instance eligible the moment it finishes
 * run over and over. No finishing turn is lost to a purge (each one's commit lands), every event
 * sent meanwhile is either acknowledged (it landed before the purge) or refused as for an unknown
 * instance, and in the end nothing is left: no instance and no queued event. Subclass once per
 * store.
 */
@Timeout(120)
public abstract class RetentionRaceContractTest {
  static final Instant T0 = Instant.parse("2026-05-01T00:00:00Z");
  static final int ORDERS = 20;
  static final int PARENTS = 8;

  static final MachineDefinition ORDER =
      Machine.define("order")
          .initial("open")
          .state(
              "open",
              s ->
                  s.on("PING", "open")
                      .on("CLOSE", "closed")
                      .on("TIMEOUT", t -> t.to("closed").after(Timer.hours(1))))
          .finalState("closed")
          .build();
  static final MachineDefinition REPORT =
      Machine.define("report")
          .initial("running")
          .state("running", s -> s.on("FINISH", "done"))
          .finalState("done")
          .build();
  static final MachineDefinition PARENT =
      Machine.define("parent")
          .initial("waiting")
          .state("waiting", s -> s.invoke("report").on("@done.done", "closed"))
          .finalState("closed")
          .build();

  private final Set<String> finishedBy = ConcurrentHashMap.newKeySet();
  private final List<Throwable> unexpected = new CopyOnWriteArrayList<>();
  private Store store;
  private Engine engine;
  private VirtualClock clock;

  protected abstract Store newStore();

  @BeforeEach
  void start() {
    store = newStore();
    clock = VirtualClock.at(T0);
    engine =
        Engine.builder()
            .store(store)
            .clock(clock)
            .register(ORDER, REPORT, PARENT)
            .listener(
                new EngineListener() {
                  @Override
                  public void eventProcessed(ProcessedEvent event) {
                    if (event.outcome() == ProcessedEvent.Outcome.APPLIED
                        && !event.type().equals("PING")) {
                      finishedBy.add(event.instanceId() + ":" + event.type());
                    }
                  }
                })
            .build();
  }

  @AfterEach
  void stop() {
    engine.close();
  }

  /** A pass whose clock is far ahead: every finished instance is past a day's retention. */
  private RetentionPass pass(Instant at) {
    return new RetentionPass(
        Settings.defaults().with(s -> s.retention(r -> r.finishedInstances(Duration.ofDays(1)))),
        store.retention(),
        Clock.fixed(at, ZoneOffset.UTC),
        new Listeners(List.of()),
        null);
  }

  private Runnable guarded(Runnable body) {
    return () -> {
      try {
        body.run();
      } catch (Throwable e) {
        unexpected.add(e);
      }
    };
  }

  @Test
  void purgingNeverLosesAFinishingTurnOrAnAcknowledgedEvent() throws Exception {
    for (int i = 0; i < ORDERS; i++) {
      engine.create(NewInstance.of("order").id("o-" + i));
    }
    List<String> children = new CopyOnWriteArrayList<>();
    for (int i = 0; i < PARENTS; i++) {
      Instance parent = engine.create(NewInstance.of("parent").id("p-" + i));
      children.add(
          engine.instances().inConversation(parent.conversationId(), "report").orElseThrow().id());
    }
    Instant later = T0.plus(Duration.ofDays(100));
    RetentionPass racing = pass(later);
    AtomicBoolean stop = new AtomicBoolean();
    ExecutorService threads = Executors.newFixedThreadPool(4);
    try {
      Future<?> purging =
          threads.submit(
              guarded(
                  () -> {
                    while (!stop.get()) {
                      racing.runOnce();
                    }
                  }));
      Future<?> events =
          threads.submit(
              guarded(
                  () -> {
                    for (int i = 0; i < ORDERS; i += 2) {
                      try {
                        engine.enqueue("o-" + i, Event.of("CLOSE"));
                      } catch (UnknownInstanceException purged) {
                        // its timer closed it first and a pass purged it: TIMEOUT was its finish
                      }
                    }
                    engine.runDue();
                  }));
      Future<?> timers =
          threads.submit(
              guarded(
                  () -> {
                    clock.advance(Duration.ofHours(2));
                    engine.runDue();
                  }));
      Future<?> pings =
          threads.submit(
              guarded(
                  () -> {
                    for (int round = 0; round < 5; round++) {
                      for (int i = 0; i < ORDERS; i++) {
                        try {
                          engine.enqueue("o-" + i, Event.of("PING"));
                        } catch (UnknownInstanceException purged) {
                          // the ordinary answer once the instance is gone
                        }
                      }
                    }
                  }));
      events.get(60, TimeUnit.SECONDS);
      timers.get(60, TimeUnit.SECONDS);
      pings.get(60, TimeUnit.SECONDS);
      for (String child : children) {
        engine.enqueue(child, Event.of("FINISH"));
      }
      while (engine.runDue() > 0) {
        // children finish, then their parents
      }
      stop.set(true);
      purging.get(60, TimeUnit.SECONDS);
    } finally {
      threads.shutdownNow();
    }

    assertThat(unexpected).isEmpty();
    for (int i = 0; i < ORDERS; i++) {
      assertThat(finishedBy)
          .as("o-%d's finishing turn landed", i)
          .containsAnyOf("o-" + i + ":CLOSE", "o-" + i + ":TIMEOUT");
    }
    for (int i = 0; i < PARENTS; i++) {
      assertThat(finishedBy).as("p-%d heard its child", i).contains("p-" + i + ":@done.done");
    }
    while (engine.runDue() > 0) {
      // events acknowledged to finished instances are dropped
    }
    pass(later.plus(Duration.ofMinutes(5))).runOnce(); // and leftovers of late enqueues
    pass(later.plus(Duration.ofMinutes(10))).runOnce();
    assertThat(
            store.instances().machines().stream()
                .flatMap(m -> store.instances().instanceIds(m).stream()))
        .as("every finished instance purged")
        .isEmpty();
    assertThat(store.queue().pendingEvents()).as("no queued event left behind").isZero();
  }
}
