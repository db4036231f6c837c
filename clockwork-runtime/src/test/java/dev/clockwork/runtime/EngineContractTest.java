package dev.clockwork.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.time.Timer;
import dev.clockwork.runtime.clock.TimeTravel;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.config.SettingsBuilder;
import dev.clockwork.runtime.error.UnknownDeadLetterException;
import dev.clockwork.runtime.instance.HistoryQuery;
import dev.clockwork.runtime.instance.NamespacedIds;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.queue.AttemptError;
import dev.clockwork.runtime.queue.Backoff;
import dev.clockwork.runtime.queue.DeadLetter;
import dev.clockwork.runtime.queue.EventRequest;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.queue.RetryPolicy;
import dev.clockwork.runtime.store.Claim;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.HistoryEntry.Kind;
import dev.clockwork.runtime.store.StepCommit;
import dev.clockwork.runtime.store.Store;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The durable engine's promises — queue order, retries, dead letters, leases, restarts — checked
 * against every store. Subclass once per store.
 */
public abstract class EngineContractTest {
  protected static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

  protected static final java.util.concurrent.atomic.AtomicBoolean GATEWAY_UP =
      new java.util.concurrent.atomic.AtomicBoolean();

  /** Appends each event's type to the context list "seen"; FAIL always throws. */
  protected static final MachineDefinition LEDGER =
      Machine.define("ledger")
          .initial("open")
          .state(
              "open",
              s ->
                  s.on("A", t -> t.action(EngineContractTest::record))
                      .on("B", t -> t.action(EngineContractTest::record))
                      .on("C", t -> t.action(EngineContractTest::record))
                      .on(
                          "CHARGE",
                          t ->
                              t.action(
                                  x -> {
                                    if (!GATEWAY_UP.get()) {
                                      throw new IllegalStateException("gateway down");
                                    }
                                    record(x);
                                  }))
                      .on(
                          "REFUSE",
                          t -> t.action(x -> x.fail("CART_EMPTY", "nothing to check out")))
                      .on(
                          "FAIL",
                          t ->
                              t.action(
                                  x -> {
                                    throw new IllegalStateException("always fails");
                                  }))
                      .on("CLOSE_LATER", t -> t.to("closed").after(Timer.hours(1))))
          .state("closed")
          .build();

  private static final java.util.concurrent.atomic.AtomicInteger IN_FLIGHT =
      new java.util.concurrent.atomic.AtomicInteger();
  private static final java.util.concurrent.atomic.AtomicInteger MOST_IN_FLIGHT =
      new java.util.concurrent.atomic.AtomicInteger();

  protected VirtualClock clock;
  protected Store store;

  /** An empty store for each test. */
  protected abstract Store newStore();

  @BeforeEach
  void setUpEngineStore() {
    clock = VirtualClock.at(T0);
    store = newStore();
  }

  protected Engine engine() {
    return engine(b -> {});
  }

  protected Engine engine(java.util.function.Consumer<SettingsBuilder> settings) {
    return Engine.builder().store(store).clock(clock).register(LEDGER).settings(settings).build();
  }

  private static void record(dev.clockwork.core.behavior.ActionScope scope) {
    @SuppressWarnings("unchecked")
    List<Object> seen = (List<Object>) scope.context().get("seen");
    List<Object> next = seen == null ? new ArrayList<>() : new ArrayList<>(seen);
    next.add(
        scope.event().type()
            + (scope.event().payload().isEmpty() ? "" : scope.event().payload().get("n")));
    scope.set("seen", next);
  }

  @SuppressWarnings("unchecked")
  protected List<Object> seen(Engine engine, String id) {
    Object seen = engine.instances().get(id).context().get("seen");
    return seen == null ? List.of() : (List<Object>) seen;
  }

  /** Claims every due instance of the test machines, as a worker of another engine would. */
  protected List<Claim> claimAll(String owner, Instant now) {
    return claim(owner, now, 100);
  }

  protected List<Claim> claim(String owner, Instant now, int instances) {
    Map<String, Integer> caps = new java.util.HashMap<>();
    for (String machine : List.of("ledger", "stuck", "slow", "fraud", "payment", "shop")) {
      caps.put(machine, 100);
    }
    return store
        .work()
        .claim(
            new dev.clockwork.runtime.store.ClaimRequest(
                owner, Duration.ofSeconds(30), now, instances, 10, caps, true));
  }

  @Test
  void enqueuedEventsAreDurableAndProcessedInOrder() {
    Engine engine = engine();
    engine.create(NewInstance.of("ledger").id("l-1"));
    engine.enqueue("l-1", Event.of("A"));
    engine.enqueue("l-1", Event.of("B"));
    engine.enqueue("l-1", Event.of("C"));
    assertThat(store.queue().pendingEvents()).isEqualTo(3);
    assertThat(engine.runDue()).isEqualTo(3);
    assertThat(seen(engine, "l-1")).containsExactly("A", "B", "C");
    assertThat(engine.instances().history(HistoryQuery.all("l-1")))
        .extracting(HistoryEntry::sequence)
        .containsExactly(1L, 2L, 3L, 4L);
  }

  @Test
  void failuresAreRetriedExponentiallyThenDeadLetteredWithEveryError() {
    Engine engine = engine();
    engine.create(NewInstance.of("ledger").id("l-1"));
    engine.enqueue("l-1", Event.of("FAIL"));
    engine.enqueue("l-1", Event.of("A"));
    engine.runDue();
    assertThat(engine.admin().nextDue()).contains(T0.plusSeconds(1));
    TimeTravel.advance(engine, clock, T0.plusMillis(999));
    assertThat(seen(engine, "l-1")).isEmpty();
    TimeTravel.advance(engine, clock, T0.plusSeconds(1));
    assertThat(engine.admin().nextDue()).contains(T0.plusSeconds(3));
    TimeTravel.advance(engine, clock, T0.plusSeconds(3));
    List<DeadLetter> dead = store.queueAdmin().deadLetters(null, null, 0, 10);
    assertThat(dead)
        .singleElement()
        .satisfies(
            d -> {
              assertThat(d.event().event().type()).isEqualTo("FAIL");
              assertThat(d.event().errors())
                  .extracting(AttemptError::at)
                  .containsExactly(T0, T0.plusSeconds(1), T0.plusSeconds(3));
              assertThat(d.event().errors())
                  .allSatisfy(e -> assertThat(e.error()).contains("always fails"));
            });
    assertThat(seen(engine, "l-1")).containsExactly("A");
    assertThat(engine.instances().history(HistoryQuery.all("l-1")))
        .extracting(HistoryEntry::kind)
        .contains(Kind.FAILED);
  }

  @Test
  void linearBackoffWaitsTheSameEachTime() {
    Engine engine =
        engine(
            s ->
                s.queue(
                    q ->
                        q.retry(
                            new RetryPolicy(
                                3,
                                new Backoff(
                                    false, Duration.ofSeconds(1), Duration.ofMinutes(5), 0)))));
    engine.create(NewInstance.of("ledger").id("l-1"));
    engine.enqueue("l-1", Event.of("FAIL"));
    TimeTravel.advance(engine, clock, T0.plusSeconds(10));
    assertThat(store.queueAdmin().deadLetters(null, null, 0, 10).get(0).event().errors())
        .extracting(AttemptError::at)
        .containsExactly(T0, T0.plusSeconds(1), T0.plusSeconds(2));
  }

  @Test
  void aRetryingInstanceDoesNotHoldUpOthers() {
    Engine engine = engine();
    engine.create(NewInstance.of("ledger").id("slow"));
    engine.create(NewInstance.of("ledger").id("fast"));
    engine.enqueue("slow", Event.of("FAIL"));
    engine.enqueue("slow", Event.of("A"));
    engine.enqueue("fast", Event.of("B"));
    engine.runDue();
    assertThat(seen(engine, "fast")).containsExactly("B");
    assertThat(seen(engine, "slow")).isEmpty();
  }

  @Test
  void aRetryIsPutBackWithItsTurnsCommitAndTheLeaseIsGivenUp() {
    Engine engine = engine();
    engine.create(NewInstance.of("ledger").id("l-1"));
    engine.enqueue("l-1", Event.of("A"));
    engine.enqueue("l-1", Event.of("FAIL"));
    engine.enqueue("l-1", Event.of("B"));

    assertThat(engine.runDue()).isEqualTo(2);

    assertThat(seen(engine, "l-1")).containsExactly("A");
    assertThat(store.queue().pendingEvents()).isEqualTo(2);
    assertThat(store.work().nextDue(T0, null, null)).contains(T0.plusSeconds(1));
    assertThat(store.work().lease("l-1", "someone-else", Duration.ofSeconds(30), T0))
        .as("the lease went with the commit")
        .isPresent();
  }

  @Test
  void aCrashedWorkersEventIsProcessedOnceAfterItsLeaseExpires() {
    Engine engine = engine(s -> s.workers(w -> w.leaseTime(Duration.ofSeconds(30))));
    engine.create(NewInstance.of("ledger").id("l-1"));
    engine.enqueue("l-1", Event.of("A"));
    Claim abandoned = claimAll("crashed-worker", T0).get(0);
    assertThat(abandoned.events()).hasSize(1);
    assertThat(engine.runDue()).isZero();
    clock.advance(Duration.ofSeconds(30));
    assertThat(engine.runDue()).isEqualTo(1);
    assertThat(engine.runDue()).isZero();
    assertThat(seen(engine, "l-1")).containsExactly("A");
  }

  @Test
  void aStalledWorkerThatLostItsLeaseCannotCommit() {
    Engine engine = engine();
    engine.create(NewInstance.of("ledger").id("l-1"));
    engine.enqueue("l-1", Event.of("A"));
    Claim stalled = claimAll("stalled-worker", T0).get(0);
    clock.advance(Duration.ofSeconds(31));
    engine.runDue();
    StepCommit late =
        StepCommit.update(
                stalled.lease(), stalled.instance().withRevision(stalled.instance().revision() + 1))
            .consumed(List.of(stalled.events().get(0).id()))
            .build();
    assertThat(store.work().commit(List.of(late)).refusal("l-1"))
        .contains(dev.clockwork.runtime.store.CommitResult.Refusal.LEASE_LOST);
    assertThat(seen(engine, "l-1")).containsExactly("A");
  }

  @Test
  void aSynchronousSendWaitsForTheLeaseAndTimesOutClearly() {
    Engine engine = engine(s -> s.workers(w -> w.lockTimeout(Duration.ofMillis(50))));
    engine.create(NewInstance.of("ledger").id("l-1"));
    Claim held = store.work().lease("l-1", "someone-else", Duration.ofHours(1), T0).orElseThrow();
    assertThatThrownBy(() -> engine.send("l-1", Event.of("A")))
        .isInstanceOf(dev.clockwork.runtime.error.InstanceBusyException.class)
        .hasMessageContaining("'l-1' stayed busy for the lock timeout");
    store.work().release(held.lease());
    assertThat(engine.send("l-1", Event.of("A")).instance().context().get("seen"))
        .isEqualTo(List.of("A"));
  }

  @Test
  void timersAndQueuedEventsSurviveARestart() {
    Engine first = engine();
    first.create(NewInstance.of("ledger").id("l-1"));
    first.enqueue("l-1", Event.of("A"));
    Engine second = engine();
    clock.advance(Duration.ofHours(1));
    second.runDue();
    assertThat(seen(second, "l-1")).containsExactly("A");
    assertThat(second.instances().get("l-1").states()).containsExactly("closed");
  }

  @Test
  void workersProcessConcurrentlyAndKeepPerInstanceOrder() {
    try (Engine engine =
        engine(s -> s.workers(w -> w.threads(2).pollInterval(Duration.ofMillis(20))))) {
      for (int i = 0; i < 5; i++) {
        engine.create(NewInstance.of("ledger").id("l-" + i));
      }
      engine.start();
      for (int n = 0; n < 20; n++) {
        for (int i = 0; i < 5; i++) {
          engine.enqueue("l-" + i, Event.of("A", Map.of("n", n)));
        }
      }
      await().atMost(Duration.ofSeconds(20)).until(() -> store.queue().pendingEvents() == 0);
      List<Object> expected = new ArrayList<>();
      for (int n = 0; n < 20; n++) {
        expected.add("A" + n);
      }
      for (int i = 0; i < 5; i++) {
        assertThat(seen(engine, "l-" + i)).containsExactlyElementsOf(expected);
      }
    }
  }

  @Test
  void aNewVersionsTimerDurationAppliesToInstancesAlreadyWaiting() {
    Engine v1 = engine();
    v1.create(NewInstance.of("ledger").id("l-1"));
    clock.advance(Duration.ofMinutes(10));
    MachineDefinition v2 =
        Machine.define("ledger")
            .version(2)
            .initial("open")
            .state("open", s -> s.on("CLOSE_LATER", t -> t.to("closed").after(Timer.minutes(30))))
            .state("closed")
            .build();
    Engine deployed = Engine.builder().store(store).clock(clock).register(v2).build();
    assertThat(deployed.machines().upgradeInstances("ledger")).isEqualTo(1);
    Instance upgraded = deployed.instances().get("l-1");
    assertThat(upgraded.version()).isEqualTo(2);
    assertThat(upgraded.timers())
        .singleElement()
        .satisfies(t -> assertThat(t.due()).isEqualTo(T0.plus(Duration.ofMinutes(30))));
    TimeTravel.advance(deployed, clock, T0.plus(Duration.ofMinutes(30)));
    assertThat(deployed.instances().get("l-1").states()).containsExactly("closed");
    assertThat(deployed.machines().upgradeInstances("ledger")).isZero();
  }

  @Test
  void aTimerNobodyFiredForHoursFiresOnceWhenWorkRunsAgain() {
    Engine engine = engine();
    engine.create(NewInstance.of("ledger").id("l-1"));
    clock.advance(Duration.ofHours(5));
    assertThat(engine.runDue()).isEqualTo(1);
    assertThat(engine.instances().get("l-1").states()).containsExactly("closed");
    assertThat(engine.instances().history(HistoryQuery.all("l-1")))
        .filteredOn(h -> h.kind() == Kind.TIMER_FIRED)
        .singleElement()
        .satisfies(h -> assertThat(h.at()).isEqualTo(T0.plus(Duration.ofHours(5))));
  }

  @Test
  void twoEnginesRunningDueTimersAtOnceFireEachOnce() throws Exception {
    Engine first = engine();
    Engine second = engine();
    for (int i = 0; i < 200; i++) {
      first.create(NewInstance.of("ledger").id("l-" + i));
    }
    clock.advance(Duration.ofHours(1));
    java.util.concurrent.ExecutorService pool =
        java.util.concurrent.Executors.newFixedThreadPool(2);
    try {
      java.util.concurrent.Future<Integer> a = pool.submit(() -> first.runDue());
      java.util.concurrent.Future<Integer> b = pool.submit(() -> second.runDue());
      assertThat(a.get() + b.get()).isEqualTo(200);
    } finally {
      pool.shutdownNow();
    }
    for (int i = 0; i < 200; i++) {
      assertThat(first.instances().history(HistoryQuery.all("l-" + i)))
          .filteredOn(h -> h.kind() == Kind.TIMER_FIRED)
          .hasSize(1);
    }
    assertThat(first.instances().get("l-199").states()).containsExactly("closed");
  }

  @Test
  void timersWaitWhileTheQueuesAreOverTheBackpressureThreshold() {
    java.util.concurrent.atomic.AtomicInteger waits =
        new java.util.concurrent.atomic.AtomicInteger();
    Engine busy =
        Engine.builder()
            .store(store)
            .clock(clock)
            .register(LEDGER)
            .listener(
                new dev.clockwork.runtime.listener.EngineListener() {
                  @Override
                  public void backpressure(boolean over, long threshold) {
                    if (over) {
                      waits.incrementAndGet();
                    }
                  }
                })
            .settings(
                s ->
                    s.timers(t -> t.backpressureThreshold(5).sweepInterval(Duration.ofMillis(1)))
                        .workers(w -> w.threads(1).pollInterval(Duration.ofMillis(10))))
            .build();
    busy.create(NewInstance.of("ledger").id("blocked"));
    busy.create(NewInstance.of("ledger").id("timed"));
    Claim held =
        store.work().lease("blocked", "someone-else", Duration.ofDays(1), T0).orElseThrow();
    for (int i = 0; i < 10; i++) {
      busy.enqueue("blocked", Event.of("A"));
    }
    clock.advance(Duration.ofHours(1));
    try (busy) {
      busy.start();
      await().atMost(Duration.ofSeconds(10)).until(() -> waits.get() > 0);
      assertThat(busy.instances().get("timed").states()).containsExactly("open");
      store.work().release(held.lease());
      await()
          .atMost(Duration.ofSeconds(10))
          .until(() -> busy.instances().get("timed").states().equals(List.of("closed")));
    }
  }

  @Test
  void aBusinessFailureIsDeadLetteredOnTheFirstAttempt() {
    Engine engine = engine();
    engine.create(NewInstance.of("ledger").id("l-1"));
    engine.enqueue("l-1", Event.of("REFUSE"));
    engine.enqueue("l-1", Event.of("A"));
    engine.runDue();
    assertThat(store.queueAdmin().deadLetters(null, null, 0, 10))
        .singleElement()
        .satisfies(
            d -> {
              assertThat(d.event().attempts()).isEqualTo(1);
              assertThat(d.event().errors())
                  .singleElement()
                  .satisfies(
                      e ->
                          assertThat(e.error())
                              .isEqualTo("BusinessFailure: CART_EMPTY: nothing to check out"));
            });
    assertThat(seen(engine, "l-1")).containsExactly("A");
  }

  @Test
  void aDeadLetteredEventLeavesWithItsTurnsCommitAndTheTurnGoesOn() {
    List<String> heard = new ArrayList<>();
    Engine engine =
        Engine.builder()
            .store(store)
            .clock(clock)
            .register(LEDGER)
            .listener(
                new dev.clockwork.runtime.listener.EngineListener() {
                  @Override
                  public void eventProcessed(dev.clockwork.runtime.listener.ProcessedEvent e) {
                    heard.add(e.outcome() + " " + e.type() + " on " + e.machine());
                  }
                })
            .build();
    engine.create(NewInstance.of("ledger").id("l-1"));
    engine.enqueue("l-1", Event.of("A"));
    engine.enqueue("l-1", Event.of("REFUSE"));
    engine.enqueue("l-1", Event.of("B"));
    assertThat(engine.runDue()).isEqualTo(3);

    assertThat(seen(engine, "l-1")).containsExactly("A", "B");
    assertThat(store.queue().pendingEvents()).isZero();
    assertThat(store.queueAdmin().deadLetters(null, null, 0, 10))
        .singleElement()
        .satisfies(d -> assertThat(d.deadAt()).isEqualTo(T0));
    assertThat(engine.instances().history(HistoryQuery.all("l-1")))
        .extracting(HistoryEntry::kind)
        .containsExactly(
            HistoryEntry.Kind.CREATED,
            HistoryEntry.Kind.EVENT,
            HistoryEntry.Kind.FAILED,
            HistoryEntry.Kind.EVENT);
    assertThat(heard)
        .containsExactly(
            "APPLIED A on ledger", "DEAD_LETTERED REFUSE on ledger", "APPLIED B on ledger");
  }

  @Test
  void anUnknownEventThatReachesAQueueIsDeadLetteredAtOnce() {
    Engine engine = engine();
    engine.create(NewInstance.of("ledger").id("l-1"));
    store
        .queue()
        .enqueue(
            dev.clockwork.runtime.queue.QueuedEvent.of(
                "l-1", "ledger", Event.of("RENAMED_LONG_AGO"), "api", T0));
    engine.runDue();
    assertThat(store.queueAdmin().deadLetters(null, null, 0, 10))
        .singleElement()
        .satisfies(
            d ->
                assertThat(d.event().errors().get(0).error())
                    .contains("has no transition for event 'RENAMED_LONG_AGO'"));
  }

  @Test
  void anEventOverTheTimeoutIsThrownAwayAndRetried() {
    Engine engine =
        Engine.builder()
            .store(store)
            .clock(clock)
            .register(LEDGER)
            .config(
                dev.clockwork.runtime.config.Settings.parse(
                    "queue:\n  timeout: PT0.000000001S\n", "test.yaml"))
            .build();
    engine.create(NewInstance.of("ledger").id("l-1"));
    engine.enqueue("l-1", Event.of("A"));
    engine.runDue();
    assertThat(seen(engine, "l-1")).isEmpty();
    assertThat(engine.admin().nextDue()).contains(T0.plusSeconds(1));
    TimeTravel.advance(engine, clock, T0.plusSeconds(10));
    assertThat(store.queueAdmin().deadLetters(null, null, 0, 10))
        .singleElement()
        .satisfies(
            d ->
                assertThat(d.event().errors())
                    .hasSize(3)
                    .allSatisfy(
                        e -> assertThat(e.error()).contains("over the processing timeout")));
  }

  @Test
  @org.junit.jupiter.api.Timeout(30) // without the interrupt the action would block for ever
  void anActionBlockedPastTheTimeoutIsInterruptedAndItsEventRetried() {
    java.util.concurrent.CountDownLatch never = new java.util.concurrent.CountDownLatch(1);
    MachineDefinition stuck =
        Machine.define("stuck")
            .initial("waiting")
            .state(
                "waiting",
                s ->
                    s.on(
                        "CALL",
                        t ->
                            t.action(
                                x -> {
                                  try {
                                    never.await(); // a remote call that never answers
                                  } catch (InterruptedException e) {
                                    throw new IllegalStateException("call abandoned", e);
                                  }
                                })))
            .build();
    Engine engine =
        Engine.builder()
            .store(store)
            .clock(clock)
            .register(stuck)
            .config(
                dev.clockwork.runtime.config.Settings.parse(
                    "queue:\n  timeout: 100 milliseconds\n", "test.yaml"))
            .build();
    engine.create(NewInstance.of("stuck").id("s-1"));
    engine.enqueue("s-1", Event.of("CALL"));

    engine.runDue();

    assertThat(Thread.currentThread().isInterrupted()).as("the worker's flag is cleared").isFalse();
    assertThat(engine.admin().nextDue()).contains(T0.plusSeconds(1));
    assertThat(claimAll("probe", T0.plusSeconds(1)))
        .flatExtracting(Claim::events)
        .singleElement()
        .satisfies(
            e ->
                assertThat(e.errors())
                    .singleElement()
                    .satisfies(
                        error ->
                            assertThat(error.error())
                                .contains("over the processing timeout of 100 ms")));
  }

  @Test
  void aDeadLetterRetriedAfterTheCauseIsFixedSucceeds() {
    GATEWAY_UP.set(false);
    Engine engine = engine();
    engine.create(NewInstance.of("ledger").id("l-1"));
    engine.enqueue("l-1", Event.of("CHARGE"));
    TimeTravel.advance(engine, clock, T0.plusSeconds(10));
    DeadLetter dead = engine.admin().queues().deadLetters("ledger", 10).get(0);
    assertThat(engine.admin().queues().inspect(dead.id()).event().errors()).hasSize(3);
    GATEWAY_UP.set(true);
    QueuedEvent retried = engine.admin().queues().retry(dead.id(), Duration.ZERO);
    engine.runDue();
    assertThat(seen(engine, "l-1")).containsExactly("CHARGE");
    assertThat(engine.admin().queues().deadLetters("ledger", 10)).isEmpty();
    assertThatThrownBy(() -> engine.admin().queues().inspect(dead.id()))
        .isInstanceOf(UnknownDeadLetterException.class)
        .hasMessageContaining(
            "dead letter "
                + dead.id()
                + " was retried already: it is event "
                + retried.id()
                + " of instance l-1 (ledger) now");
    assertThatThrownBy(() -> engine.admin().queues().inspect(dead.id() + 1000))
        .hasMessageContaining("no dead letter with id " + (dead.id() + 1000));
  }

  @Test
  void aPausedQueueStoresEventsAndProcessesThemOnResume() {
    Engine engine = engine();
    engine.create(NewInstance.of("ledger").id("l-1"));
    engine.admin().queues().pause("ledger");
    engine.enqueue("l-1", Event.of("A"));
    engine.enqueue("l-1", Event.of("B"));
    assertThat(engine.runDue()).isZero();
    assertThat(engine.admin().queues().status("ledger"))
        .satisfies(
            s -> {
              assertThat(s.paused()).isTrue();
              assertThat(s.pending()).isEqualTo(2);
            });
    engine.admin().queues().resume("ledger");
    assertThat(engine.runDue()).isEqualTo(2);
    assertThat(seen(engine, "l-1")).containsExactly("A", "B");
  }

  @Test
  void theRecordOfARetriedDeadLetterLastsAsLongAsTheDeadLetterRetentionFromTheRetry() {
    GATEWAY_UP.set(false);
    Engine engine = engine();
    engine.create(NewInstance.of("ledger").id("l-1"));
    engine.enqueue("l-1", Event.of("REFUSE"));
    engine.runDue();
    DeadLetter dead = engine.admin().queues().deadLetters("ledger", 10).get(0);
    clock.advance(Duration.ofDays(6)); // the letter is nearly as old as the retention keeps
    QueuedEvent retried = engine.admin().queues().retry(dead.id(), Duration.ZERO);

    assertThat(engine.namespace(NamespacedIds.DEFAULT).retriedDeadLetter(dead.id()))
        .hasValueSatisfying(r -> assertThat(r.eventId()).isEqualTo(retried.id()));
    assertThat(engine.namespace("tenant-a").retriedDeadLetter(dead.id()))
        .as("another namespace's")
        .isEmpty();
    clock.advance(Duration.ofDays(6));
    engine.admin().queues().purgeExpiredDeadLetters();
    assertThat(engine.admin().queues().retried(dead.id())).as("6 days after the retry").isPresent();
    clock.advance(Duration.ofDays(1).plusSeconds(1));
    engine.admin().queues().purgeExpiredDeadLetters();
    assertThat(engine.admin().queues().retried(dead.id())).isEmpty();
  }

  @Test
  void deadLettersOlderThanTheRetentionArePurged() {
    GATEWAY_UP.set(false);
    Engine engine = engine();
    engine.create(NewInstance.of("ledger").id("l-1"));
    engine.enqueue("l-1", Event.of("REFUSE"));
    engine.runDue();
    clock.advance(Duration.ofDays(6));
    assertThat(engine.admin().queues().purgeExpiredDeadLetters()).isZero();
    clock.advance(Duration.ofDays(1).plusSeconds(1));
    assertThat(engine.admin().queues().purgeExpiredDeadLetters()).isEqualTo(1);
  }

  @Test
  void withThePriorityStrategyACriticalEventJumpsABulkBacklog() {
    Engine engine =
        Engine.builder()
            .store(store)
            .clock(clock)
            .register(LEDGER)
            .config(
                dev.clockwork.runtime.config.Settings.parse(
                    "queue:\n  strategy: priority\n", "test.yaml"))
            .build();
    engine.create(NewInstance.of("ledger").id("backlog"));
    engine.create(NewInstance.of("ledger").id("urgent"));
    for (int i = 0; i < 3; i++) {
      engine.enqueue(
          EventRequest.to("backlog", Event.of("A"))
              .priority(dev.clockwork.runtime.queue.Priority.BULK));
    }
    engine.enqueue(
        EventRequest.to("urgent", Event.of("B"))
            .priority(dev.clockwork.runtime.queue.Priority.CRITICAL));
    assertThat(claim("worker", T0, 1)).extracting(c -> c.instance().id()).containsExactly("urgent");
  }

  @Test
  void aFifoMachineIgnoresPriorities() {
    Engine engine = engine();
    engine.create(NewInstance.of("ledger").id("first"));
    engine.create(NewInstance.of("ledger").id("second"));
    engine.enqueue(
        EventRequest.to("first", Event.of("A"))
            .priority(dev.clockwork.runtime.queue.Priority.BULK));
    assertThat(
            engine
                .enqueue(
                    EventRequest.to("second", Event.of("B"))
                        .priority(dev.clockwork.runtime.queue.Priority.CRITICAL))
                .priority())
        .isEqualTo(dev.clockwork.runtime.queue.Priority.NORMAL);
    assertThat(claim("worker", T0, 1)).extracting(c -> c.instance().id()).containsExactly("first");
  }

  @Test
  void concurrencyCapsHoldAcrossEnginesWhileEachInstanceKeepsItsOrder() {
    IN_FLIGHT.set(0);
    MOST_IN_FLIGHT.set(0);
    MachineDefinition slow =
        Machine.define("slow")
            .initial("on")
            .state(
                "on",
                s ->
                    s.on(
                        "N",
                        t ->
                            t.action(
                                x -> {
                                  int now = IN_FLIGHT.incrementAndGet();
                                  MOST_IN_FLIGHT.accumulateAndGet(now, Math::max);
                                  long until = System.nanoTime() + 200_000;
                                  while (System.nanoTime() < until) {
                                    Thread.onSpinWait();
                                  }
                                  IN_FLIGHT.decrementAndGet();
                                  record(x);
                                })))
            .build();
    dev.clockwork.runtime.config.Settings capped =
        dev.clockwork.runtime.config.Settings.parse(
            "machines:\n  slow:\n    queue:\n      concurrency: 3\n", "test.yaml");
    List<Engine> engines = new ArrayList<>();
    for (int e = 0; e < 2; e++) {
      engines.add(
          Engine.builder()
              .store(store)
              .clock(clock)
              .register(slow)
              .config(capped)
              .settings(s -> s.workers(w -> w.threads(3).pollInterval(Duration.ofMillis(5))))
              .build());
    }
    for (int i = 0; i < 12; i++) {
      engines.get(0).create(NewInstance.of("slow").id("s-" + i));
      for (int n = 0; n < 5; n++) {
        engines.get(0).enqueue("s-" + i, Event.of("N", Map.of("n", n)));
      }
    }
    try {
      engines.forEach(Engine::start);
      await().atMost(Duration.ofSeconds(30)).until(() -> store.queue().pendingEvents() == 0);
    } finally {
      engines.forEach(Engine::close);
    }
    assertThat(MOST_IN_FLIGHT.get()).isBetween(1, 3);
    for (int i = 0; i < 12; i++) {
      assertThat(seen(engines.get(0), "s-" + i)).containsExactly("N0", "N1", "N2", "N3", "N4");
    }
  }

  @Test
  void theSameKeySentTwiceConcurrentlyMakesOneTransition() throws Exception {
    Engine engine = engine(s -> s.workers(w -> w.lockTimeout(Duration.ofSeconds(10))));
    engine.create(NewInstance.of("ledger").id("l-1"));
    java.util.concurrent.ExecutorService senders =
        java.util.concurrent.Executors.newFixedThreadPool(2);
    try {
      java.util.concurrent.Future<SendResult> a =
          senders.submit(
              () ->
                  engine.send(EventRequest.to("l-1", Event.of("A")).idempotencyKey("payment-42")));
      java.util.concurrent.Future<SendResult> b =
          senders.submit(
              () ->
                  engine.send(EventRequest.to("l-1", Event.of("A")).idempotencyKey("payment-42")));
      assertThat(a.get().handled()).isTrue();
      assertThat(b.get().handled()).isTrue();
    } finally {
      senders.shutdownNow();
    }
    assertThat(seen(engine, "l-1")).containsExactly("A");
    engine.enqueue(
        EventRequest.to("l-1", Event.of("A"))
            .priority(dev.clockwork.runtime.queue.Priority.NORMAL)
            .idempotencyKey("payment-43"));
    engine.enqueue(
        EventRequest.to("l-1", Event.of("A"))
            .priority(dev.clockwork.runtime.queue.Priority.NORMAL)
            .idempotencyKey("payment-43"));
    engine.runDue();
    assertThat(seen(engine, "l-1")).containsExactly("A", "A");
    assertThat(
            engine
                .send(EventRequest.to("l-1", Event.of("A")).idempotencyKey("payment-43"))
                .handled())
        .isTrue();
    assertThat(seen(engine, "l-1")).containsExactly("A", "A");
  }

  private static final MachineDefinition FRAUD =
      Machine.define("fraud")
          .initial("watching")
          .state(
              "watching",
              s ->
                  s.on(
                      "CHECK_FRAUD",
                      t -> t.action(x -> x.reply(Map.of("score", 0.1, "status", "clean")))))
          .build();

  private static final MachineDefinition PAYMENT =
      Machine.define("payment")
          .initial("idle")
          .state(
              "idle",
              s ->
                  s.on(
                      "PAYMENT_REQUEST",
                      t ->
                          t.to("charged")
                              .action(
                                  x -> {
                                    @SuppressWarnings("unchecked")
                                    Map<String, Object> fraud =
                                        (Map<String, Object>)
                                            x.emit("fraud-1", Event.of("CHECK_FRAUD"));
                                    x.set("fraudScore", fraud.get("score"));
                                    x.reply(
                                        Map.of(
                                            "txn_id",
                                            "txn-123",
                                            "fraud_score",
                                            fraud.get("score")));
                                  })))
          .state("charged")
          .build();

  private static final MachineDefinition SHOP =
      Machine.define("shop")
          .initial("cart")
          .state(
              "cart",
              s ->
                  s.on(
                          "CHECKOUT",
                          t ->
                              t.to("paid")
                                  .action(
                                      x -> {
                                        @SuppressWarnings("unchecked")
                                        Map<String, Object> payment =
                                            (Map<String, Object>)
                                                x.emit("payment-1", Event.of("PAYMENT_REQUEST"));
                                        x.reply(
                                            Map.of(
                                                "order_id", "order-1",
                                                "txn_id", payment.get("txn_id"),
                                                "fraud_score", payment.get("fraud_score")));
                                      }))
                      .on(
                          "NOTIFY",
                          t -> t.action(x -> x.emitAsync("payment-1", Event.of("PAYMENT_REQUEST"))))
                      .on("SELF", t -> t.action(x -> x.emit("order-1", Event.of("NOTIFY"))))
                      .on(
                          "ANNOUNCE",
                          t -> t.action(x -> x.broadcast("ledger", "open", Event.of("A")))))
          .state("paid")
          .build();

  private Engine shopEngine() {
    return Engine.builder()
        .store(store)
        .clock(clock)
        .register(LEDGER, FRAUD, PAYMENT, SHOP)
        .build();
  }

  @Test
  void aSyncEmitChainBubblesRepliesUpAndCommitsTogether() {
    Engine engine = shopEngine();
    engine.create(NewInstance.of("fraud").id("fraud-1"));
    engine.create(NewInstance.of("payment").id("payment-1"));
    engine.create(NewInstance.of("shop").id("order-1"));
    SendResult result = engine.send("order-1", Event.of("CHECKOUT"));
    assertThat(result.reply())
        .contains(Map.of("order_id", "order-1", "txn_id", "txn-123", "fraud_score", 0.1));
    assertThat(engine.instances().get("order-1").states()).containsExactly("paid");
    assertThat(engine.instances().get("payment-1").states()).containsExactly("charged");
    assertThat(
            ((Number) engine.instances().get("payment-1").context().get("fraudScore"))
                .doubleValue())
        .isEqualTo(0.1);
    assertThat(engine.instances().history(HistoryQuery.all("fraud-1")))
        .extracting(HistoryEntry::event)
        .contains("CHECK_FRAUD");
    assertThat(store.work().lease("payment-1", "check", Duration.ofSeconds(1), T0)).isPresent();
  }

  @Test
  void anEmitCycleFailsClearlyAndChangesNothing() {
    Engine engine = shopEngine();
    engine.create(NewInstance.of("shop").id("order-1"));
    assertThatThrownBy(() -> engine.send("order-1", Event.of("SELF")))
        .hasMessageContaining("emit cycle: 'order-1' emits to 'order-1'");
    assertThat(engine.instances().get("order-1").states()).containsExactly("cart");
  }

  @Test
  void aFailedTargetRollsBackTheCallerAndReleasesTheTarget() {
    Engine engine = shopEngine();
    engine.create(NewInstance.of("payment").id("payment-1"));
    engine.create(NewInstance.of("shop").id("order-1"));
    assertThatThrownBy(() -> engine.send("order-1", Event.of("CHECKOUT")))
        .hasMessageContaining("no instance with id 'fraud-1'");
    assertThat(engine.instances().get("order-1").states()).containsExactly("cart");
    assertThat(engine.instances().get("payment-1").states()).containsExactly("idle");
    assertThat(store.work().lease("payment-1", "check", Duration.ofSeconds(1), T0)).isPresent();
  }

  @Test
  void anAsyncEmitIsQueuedWithTheCallersCommitAndProcessedLater() {
    Engine engine = shopEngine();
    engine.create(NewInstance.of("fraud").id("fraud-1"));
    engine.create(NewInstance.of("payment").id("payment-1"));
    engine.create(NewInstance.of("shop").id("order-1"));
    engine.send("order-1", Event.of("NOTIFY"));
    assertThat(engine.instances().get("payment-1").states()).containsExactly("idle");
    assertThat(store.queueAdmin().queueStats("payment", T0).pending()).isEqualTo(1);
    engine.runDue();
    assertThat(engine.instances().get("payment-1").states()).containsExactly("charged");
  }

  @Test
  void aBroadcastQueuesOneEventPerInstanceInTheState() {
    Engine engine = shopEngine();
    for (int i = 0; i < 1000; i++) {
      engine.create(NewInstance.of("ledger").id(String.format("l-%04d", i)));
    }
    for (int i = 0; i < 10; i++) {
      engine.create(NewInstance.of("ledger").id("closed-" + i));
      engine.send("closed-" + i, Event.of("CLOSE_LATER"));
    }
    engine.create(NewInstance.of("shop").id("order-1"));
    engine.send("order-1", Event.of("ANNOUNCE"));
    assertThat(store.queueAdmin().queueStats("ledger", T0).pending()).isEqualTo(1000);
    engine.runDue();
    assertThat(seen(engine, "l-0999")).containsExactly("A");
    assertThat(seen(engine, "closed-3")).isEmpty();
  }

  @Test
  void emittedAndBroadcastEventsInheritThePriorityOfTheEventWhoseHandlerSentThem() {
    Engine engine =
        Engine.builder()
            .store(store)
            .clock(clock)
            .register(LEDGER, FRAUD, PAYMENT, SHOP)
            .config(
                dev.clockwork.runtime.config.Settings.parse(
                    "queue:\n  strategy: priority\n", "test.yaml"))
            .build();
    engine.create(NewInstance.of("ledger").id("l-1"));
    engine.create(NewInstance.of("payment").id("payment-1"));
    engine.create(NewInstance.of("shop").id("order-1"));
    engine.enqueue(
        EventRequest.to("order-1", Event.of("ANNOUNCE"))
            .priority(dev.clockwork.runtime.queue.Priority.HIGH));
    engine.enqueue(
        EventRequest.to("order-1", Event.of("NOTIFY"))
            .priority(dev.clockwork.runtime.queue.Priority.LOW));
    engine.runDue("shop");

    List<Claim> claims = claimAll("probe", T0);
    assertThat(claims)
        .flatExtracting(Claim::events)
        .extracting(e -> e.instanceId() + ":" + e.event().type() + ":" + e.priority())
        .containsExactlyInAnyOrder("l-1:A:high", "payment-1:PAYMENT_REQUEST:low");
  }
}
