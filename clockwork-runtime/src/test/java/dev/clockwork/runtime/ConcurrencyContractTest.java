package dev.clockwork.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.clockwork.core.behavior.ActionScope;
import dev.clockwork.core.behavior.Target;
import dev.clockwork.core.definition.Machine;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.config.Settings;
import dev.clockwork.runtime.instance.HistoryQuery;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.listener.EngineListener;
import dev.clockwork.runtime.queue.EventStatus;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.HistoryEntry.Kind;
import dev.clockwork.runtime.store.Store;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The worker threads against every store, with actions that block on latches: how many instances
 * run at once (threads and caps), two turns of one conversation reaching the same instance, two
 * chains waiting for each other, and shutdown in the middle of a turn. Concurrency is shown by
 * counting what runs at once, never by timing. Subclass once per store.
 */
@Timeout(120)
public abstract class ConcurrencyContractTest {
  private final AtomicInteger running = new AtomicInteger();
  private final AtomicInteger mostAtOnce = new AtomicInteger();
  private final CountDownLatch gate = new CountDownLatch(1);
  private final List<Engine> engines = new ArrayList<>();
  protected Store store;

  /** An empty store for each test. */
  protected abstract Store newStore();

  @BeforeEach
  void setUpStore() {
    store = newStore();
  }

  @AfterEach
  void closeEngines() {
    gate.countDown();
    engines.forEach(Engine::close);
  }

  private Engine engine(Engine.Builder builder) {
    Engine engine = builder.store(store).clock(Clock.systemUTC()).build();
    engines.add(engine);
    return engine;
  }

  /** An action that counts itself as running until the gate opens. */
  private void blockOnGate(ActionScope scope) {
    int now = running.incrementAndGet();
    mostAtOnce.accumulateAndGet(now, Math::max);
    try {
      gate.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    } finally {
      running.decrementAndGet();
    }
  }

  private MachineDefinition jobs() {
    return Machine.define("job")
        .initial("waiting")
        .state("waiting", s -> s.on("WORK", t -> t.to("done").action(this::blockOnGate)))
        .state("done")
        .build();
  }

  private void backlog(Engine engine, int instances) {
    for (int i = 0; i < instances; i++) {
      engine.create(NewInstance.of("job").id(String.format("job-%04d", i)));
      engine.enqueue(String.format("job-%04d", i), Event.of("WORK"));
    }
  }

  @Test
  void slowActionsRunAsManyAtOnceAsTheMachinesCapAllows() {
    Engine engine =
        engine(Engine.builder().register(jobs()).settings(s -> s.workers(w -> w.threads(16))));
    backlog(engine, 1000);
    engine.start();

    await().atMost(Duration.ofSeconds(30)).until(() -> running.get() == 10);
    assertThat(mostAtOnce.get()).as("the default cap of 10, with no clockwork.yaml").isEqualTo(10);
    gate.countDown();
    await().atMost(Duration.ofSeconds(60)).until(() -> store.queue().pendingEvents() == 0);
    assertThat(mostAtOnce.get()).isEqualTo(10);
    assertThat(engine.instances().get("job-0999").states()).containsExactly("done");
  }

  @Test
  void slowActionsRunAsManyAtOnceAsThereAreThreadsUnderAHigherCap() {
    Engine engine =
        engine(
            Engine.builder()
                .register(jobs())
                .config(Settings.parse("queue:\n  concurrency: 50\n", "test.yaml"))
                .settings(s -> s.workers(w -> w.threads(16))));
    backlog(engine, 100);
    engine.start();

    await().atMost(Duration.ofSeconds(30)).until(() -> running.get() == 16);
    gate.countDown();
    await().atMost(Duration.ofSeconds(60)).until(() -> store.queue().pendingEvents() == 0);
    assertThat(mostAtOnce.get()).isEqualTo(16);
  }

  // ---- two turns reaching one instance ----

  private final CountDownLatch firstHoldsPayment = new CountDownLatch(1);
  private final CountDownLatch secondStarted = new CountDownLatch(1);

  private MachineDefinition payment() {
    return Machine.define("payment")
        .initial("ready")
        .state("ready", s -> s.on("CHARGE", t -> t.action(x -> x.reply("ok"))))
        .build();
  }

  private MachineDefinition checkout() {
    return Machine.define("order")
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
                                  if (x.instanceId().equals("order-2")) {
                                    secondStarted.countDown();
                                  }
                                  x.emit(Target.machine("payment"), Event.of("CHARGE"));
                                  if (x.instanceId().equals("order-1")) {
                                    firstHoldsPayment.countDown();
                                    blockOnGate(x);
                                  }
                                })))
        .state("paid")
        .build();
  }

  @Test
  void twoOrdersOfOneConversationReachTheirPaymentInTurnWithOneAttemptEach() throws Exception {
    Engine engine =
        engine(
            Engine.builder()
                .register(payment(), checkout())
                .config(Settings.parse("queue:\n  retry:\n    max_attempts: 1\n", "test.yaml"))
                .settings(s -> s.workers(w -> w.threads(16).lockTimeout(Duration.ofSeconds(30)))));
    engine.create(NewInstance.of("payment").id("pay-1").conversation("conv-1"));
    engine.create(NewInstance.of("order").id("order-1").conversation("conv-1"));
    engine.create(NewInstance.of("order").id("order-2").conversation("conv-1"));
    engine.start();

    engine.enqueue("order-1", Event.of("CHECKOUT"));
    assertThat(firstHoldsPayment.await(30, TimeUnit.SECONDS)).isTrue();
    engine.enqueue("order-2", Event.of("CHECKOUT"));
    assertThat(secondStarted.await(30, TimeUnit.SECONDS)).isTrue();
    gate.countDown();

    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                engine.instances().get("order-1").isIn("paid")
                    && engine.instances().get("order-2").isIn("paid"));
    assertThat(store.queueAdmin().deadLetters(null, null, 0, 10)).isEmpty();
    for (String order : List.of("order-1", "order-2")) {
      assertThat(engine.instances().history(HistoryQuery.all(order)))
          .extracting(HistoryEntry::kind)
          .doesNotContain(Kind.ATTEMPT_FAILED, Kind.FAILED);
      assertThat(engine.instances().history(HistoryQuery.all(order)))
          .filteredOn(h -> h.kind() == Kind.EVENT)
          .singleElement()
          .satisfies(h -> assertThat(h.attempt()).isEqualTo(1));
    }
    assertThat(engine.instances().history(HistoryQuery.all("pay-1")))
        .filteredOn(h -> "CHARGE".equals(h.event()))
        .hasSize(2);
  }

  // ---- two chains waiting for each other ----

  private final CountDownLatch bothHoldTheirFirst = new CountDownLatch(2);

  private MachineDefinition crossing() {
    return Machine.define("crossing")
        .initial("start")
        .state(
            "start",
            s ->
                s.on(
                    "GO",
                    t ->
                        t.to("done")
                            .action(
                                x -> {
                                  String first = (String) x.context().get("first");
                                  String second = (String) x.context().get("second");
                                  x.emit(first, Event.of("CHARGE"));
                                  bothHoldTheirFirst.countDown();
                                  try {
                                    bothHoldTheirFirst.await();
                                  } catch (InterruptedException e) {
                                    throw new IllegalStateException(e);
                                  }
                                  x.emit(second, Event.of("CHARGE"));
                                })))
        .state("done")
        .build();
  }

  @Test
  void twoChainsWaitingForEachOtherResolveWithoutALockTimeoutOrASpentAttempt() {
    List<String> lost = new java.util.concurrent.CopyOnWriteArrayList<>();
    Engine engine =
        engine(
            Engine.builder()
                .register(payment(), crossing())
                .listener(
                    new EngineListener() {
                      @Override
                      public void leaseLost(String namespace, String instanceId, String machine) {
                        lost.add(instanceId);
                      }
                    })
                .settings(s -> s.workers(w -> w.threads(4).lockTimeout(Duration.ofSeconds(60)))));
    engine.create(NewInstance.of("payment").id("p-1"));
    engine.create(NewInstance.of("payment").id("p-2"));
    engine.create(
        NewInstance.of("crossing").id("x-1").input(Map.of("first", "p-1", "second", "p-2")));
    engine.create(
        NewInstance.of("crossing").id("x-2").input(Map.of("first", "p-2", "second", "p-1")));
    QueuedEvent one = engine.enqueue("x-1", Event.of("GO"));
    QueuedEvent two = engine.enqueue("x-2", Event.of("GO"));
    engine.start();

    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                engine.instances().get("x-1").isIn("done")
                    && engine.instances().get("x-2").isIn("done"));
    assertThat(engine.instances().event("x-1", one.id()).attempts()).isZero();
    assertThat(engine.instances().event("x-2", two.id()).attempts()).isZero();
    assertThat(engine.instances().history(HistoryQuery.all("p-1")))
        .filteredOn(h -> "CHARGE".equals(h.event()))
        .hasSize(2);
    assertThat(engine.instances().history(HistoryQuery.all("p-2")))
        .filteredOn(h -> "CHARGE".equals(h.event()))
        .hasSize(2);
    assertThat(lost).isEmpty();
  }

  // ---- shutdown ----

  @Test
  void closeInTheMiddleOfATurnGivesItsEventBackUnspentAndHoldsNoLease() {
    List<String> lost = new java.util.concurrent.CopyOnWriteArrayList<>();
    Engine engine =
        engine(
            Engine.builder()
                .register(jobs())
                .listener(
                    new EngineListener() {
                      @Override
                      public void leaseLost(String namespace, String instanceId, String machine) {
                        lost.add(instanceId);
                      }
                    })
                .settings(
                    s -> s.workers(w -> w.threads(2).shutdownTimeout(Duration.ofMillis(200)))));
    QueuedEvent work = startWithOneTurnRunning(engine);

    engine.close();

    EventStatus status = engine.instances().event("job-1", work.id());
    assertThat(status.state()).isEqualTo(EventStatus.State.PENDING);
    assertThat(status.attempts()).isZero();
    assertThat(engine.instances().history(HistoryQuery.all("job-1")))
        .extracting(HistoryEntry::kind)
        .doesNotContain(Kind.ATTEMPT_FAILED, Kind.FAILED);
    assertThat(
            store
                .work()
                .lease("job-1", "next-node", Duration.ofSeconds(30), java.time.Instant.now()))
        .as("no lease is left held")
        .isPresent();
    assertThat(lost).isEmpty();
  }

  @Test
  void closeLetsATurnInProgressFinishWithinTheShutdownTimeout() throws Exception {
    Engine engine =
        engine(
            Engine.builder()
                .register(jobs())
                .settings(
                    s -> s.workers(w -> w.threads(2).shutdownTimeout(Duration.ofSeconds(30)))));
    QueuedEvent work = startWithOneTurnRunning(engine);

    Thread closing = new Thread(engine::close);
    closing.start();
    // the turn is still running: close() waits for it (in the pool's awaitTermination) ...
    await().atMost(Duration.ofSeconds(10)).until(() -> waitsForTheTurns(closing));
    assertThat(running.get()).as("the turn was not interrupted").isOne();
    // ... and returns once it has finished
    gate.countDown();
    closing.join(TimeUnit.SECONDS.toMillis(30));

    assertThat(closing.isAlive()).isFalse();
    assertThat(engine.instances().event("job-1", work.id()).state())
        .isEqualTo(EventStatus.State.APPLIED);
    assertThat(engine.instances().get("job-1").states()).containsExactly("done");
  }

  @Test
  void closeWithEveryThreadBusyDoesNotWaitForTheDispatcher() throws Exception {
    // one thread, busy: the dispatcher waits for a free thread, and stop() must reach it there
    Engine engine =
        engine(
            Engine.builder()
                .register(jobs())
                .settings(
                    s -> s.workers(w -> w.threads(1).shutdownTimeout(Duration.ofMillis(200)))));
    QueuedEvent work = startWithOneTurnRunning(engine);

    Thread closing = new Thread(engine::close);
    closing.start();

    // the shutdown timeout is 200 ms; a dispatcher out of stop()'s reach held close() for 10 s
    await().atMost(Duration.ofSeconds(5)).until(() -> !closing.isAlive());
    EventStatus status = engine.instances().event("job-1", work.id());
    assertThat(status.state()).isEqualTo(EventStatus.State.PENDING);
    assertThat(status.attempts()).isZero();
  }

  /** Queues one WORK for job-1, starts the engine and returns once its action is running. */
  private QueuedEvent startWithOneTurnRunning(Engine engine) {
    engine.create(NewInstance.of("job").id("job-1"));
    QueuedEvent work = engine.enqueue("job-1", Event.of("WORK"));
    engine.start();
    await().atMost(Duration.ofSeconds(30)).until(() -> running.get() == 1);
    return work;
  }

  /** True while {@code closing} waits for the worker pool's turns to end. */
  private static boolean waitsForTheTurns(Thread closing) {
    for (StackTraceElement frame : closing.getStackTrace()) {
      if (frame.getMethodName().equals("awaitTermination")) {
        return true;
      }
    }
    return false;
  }
}
