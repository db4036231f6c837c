package dev.clockwork.runtime.parallel;

import static dev.clockwork.core.definition.ParallelEvents.*;
import static dev.clockwork.runtime.parallel.DispatchMachines.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.clockwork.core.event.Event;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.Instance;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.config.ParallelDispatchSettingsBuilder;
import dev.clockwork.runtime.faults.FaultyStore;
import dev.clockwork.runtime.instance.HistoryQuery;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.RegionJob;
import dev.clockwork.runtime.store.Store;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Parallel dispatch through the engine, on every store: jobs stored with the commit that entered
 * the parallel state, run by hand in a chosen order, their results applied once under the
 * instance's lease with the seed's internal events, failures retried then ending in {@code @fail},
 * the region timeout. Subclass once per store.
 */
public abstract class ParallelDispatchContractTest {
  protected static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
  protected static final Consumer<ParallelDispatchSettingsBuilder> ON = p -> p.enabled(true);

  protected VirtualClock clock;
  protected Store store;

  protected abstract Store newStore();

  @BeforeEach
  void setUp() {
    clock = VirtualClock.at(T0);
    store = newStore();
    DispatchMachines.reset();
  }

  /** An engine with dispatch set by {@code settings} for every machine, jobs run by hand. */
  protected Engine engine(Consumer<ParallelDispatchSettingsBuilder> settings) {
    return Engine.builder()
        .store(store)
        .clock(clock)
        .register(ORDER, NO_FAIL, SHARED, WAITING)
        .settings(s -> s.parallelDispatch(settings))
        .settings(s -> s.workers(w -> w.regionJobThreads(0)))
        .build();
  }

  protected static List<String> types(Engine engine, String id) {
    return engine.instances().history(HistoryQuery.all(id)).stream()
        .filter(row -> row.event().startsWith("PARALLEL_"))
        .map(HistoryEntry::event)
        .toList();
  }

  protected static Map<String, Object> payload(Engine engine, String id, String type) {
    List<HistoryEntry> rows = engine.instances().history(HistoryQuery.ofType(id, type));
    assertThat(rows).as("history rows of type %s", type).isNotEmpty();
    return rows.get(rows.size() - 1).payload();
  }

  private static RegionJob job(Engine engine, String id, String region) {
    return engine.regionJobs().pending(id).stream()
        .filter(j -> j.region().equals(region))
        .findFirst()
        .orElseThrow();
  }

  @Test
  void creatingDispatchesOneJobPerRegionAndRunsNoEntryAction() {
    Engine engine = engine(ON);
    CountDownLatch ran = new CountDownLatch(1);
    hook("inventory", a -> ran.countDown());
    Instance created =
        engine.create(NewInstance.of("order").id("o-1").input(Map.of("order_id", "o-7")));
    assertThat(created.dispatched()).isTrue();
    assertThat(ran.getCount()).isEqualTo(1);
    assertThat(created.states())
        .containsExactly("processing.inventory.checking", "processing.payment.charging");
    List<RegionJob> jobs = engine.regionJobs().pending("o-1");
    assertThat(jobs)
        .extracting(RegionJob::region)
        .containsExactlyInAnyOrder("processing.inventory", "processing.payment");
    assertThat(jobs).allSatisfy(j -> assertThat(j.baseline()).containsEntry("order_id", "o-7"));
    assertThat(engine.instances().get("o-1").dispatched()).isFalse();
  }

  @Test
  void theLastRegionToFinishCarriesTheMachineOn() {
    Engine engine = engine(ON);
    engine.create(NewInstance.of("order").id("o-1"));
    assertThat(engine.regionJobs().run(job(engine, "o-1", "processing.payment")))
        .isEqualTo(JobOutcome.APPLIED);
    assertThat(engine.instances().get("o-1").states())
        .containsExactly("processing.inventory.checking", "processing.payment.done");
    assertThat(engine.regionJobs().run(job(engine, "o-1", "processing.inventory")))
        .isEqualTo(JobOutcome.APPLIED);
    Instance done = engine.instances().get("o-1");
    assertThat(done.states()).containsExactly("completed");
    assertThat(done.context())
        .containsEntry("inventory_result", "reserved")
        .containsEntry("payment_result", "charged");
    assertThat(types(engine, "o-1")).containsExactly(ENTER, ENTER, DONE);
    assertThat(engine.regionJobs().pending("o-1")).isEmpty();
  }

  @Test
  void dispatchOnAndOffEndInTheSameStateAndContext() {
    Engine off = engine(p -> {});
    assertThat(
            off.create(NewInstance.of("order").id("seq").input(Map.of("order_id", 1))).dispatched())
        .isFalse();
    Instance sequential = off.instances().get("seq");
    assertThat(off.regionJobs().pending("seq")).isEmpty();

    Engine on = engine(ON);
    on.create(NewInstance.of("order").id("par").input(Map.of("order_id", 1)));
    assertThat(on.regionJobs().runAvailable())
        .containsExactly(JobOutcome.APPLIED, JobOutcome.APPLIED);
    Instance dispatched = on.instances().get("par");
    assertThat(dispatched.states()).isEqualTo(sequential.states()).containsExactly("completed");
    assertThat(dispatched.context()).isEqualTo(sequential.context());
  }

  @Test
  void twoRegionsWritingOneKeyRecordAConflictAndTheLastWriterWins() {
    Engine engine = engine(ON);
    engine.create(NewInstance.of("shared").id("s-1"));
    engine.regionJobs().run(job(engine, "s-1", "processing.payment"));
    engine.regionJobs().run(job(engine, "s-1", "processing.inventory"));
    assertThat(payload(engine, "s-1", CONTEXT_CONFLICT))
        .containsEntry(REGION, "processing.inventory")
        .containsEntry(CONFLICTED_KEYS, List.of("total"));
    assertThat(engine.instances().get("s-1").context()).containsEntry("total", "reserved");
    assertThat(engine.instances().history(HistoryQuery.ofType("s-1", CONTEXT_CONFLICT))).hasSize(1);
  }

  @Test
  void aFailingJobIsRetriedAfterTheBackoffThenFiresFailWithThePayload() {
    Engine engine = engine(p -> p.enabled(true).jobTries(2).jobBackoff(Duration.ofSeconds(7)));
    hook(
        "payment",
        a -> {
          throw new IllegalStateException("card declined");
        });
    engine.create(NewInstance.of("order").id("o-1"));
    RegionJob payment = job(engine, "o-1", "processing.payment");
    assertThat(engine.regionJobs().run(payment)).isEqualTo(JobOutcome.RETRYING);
    RegionJob retrying =
        engine.regionJobs().pending("o-1").stream()
            .filter(j -> j.id() == payment.id())
            .findFirst()
            .orElseThrow();
    assertThat(retrying.attempts()).isEqualTo(1);
    assertThat(retrying.availableAt()).isEqualTo(T0.plusSeconds(7));
    assertThat(retrying.lastError()).contains("card declined");
    assertThatThrownBy(() -> engine.regionJobs().run(payment))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not available");
    clock.advance(Duration.ofSeconds(7));
    assertThat(engine.regionJobs().run(payment)).isEqualTo(JobOutcome.GAVE_UP);
    assertThat(payload(engine, "o-1", FAIL))
        .containsEntry(REGION, "processing.payment")
        .containsEntry(ERROR, "card declined")
        .containsEntry(EXCEPTION, "java.lang.IllegalStateException")
        .hasEntrySatisfying(ATTEMPTS, n -> assertThat(number(n)).isEqualTo(2));
    assertThat(engine.instances().get("o-1").states()).containsExactly("failed");
    assertThat(engine.regionJobs().run(job(engine, "o-1", "processing.inventory")))
        .as("a sibling not yet started no-ops")
        .isEqualTo(JobOutcome.DISCARDED);
    assertThat(engine.regionJobs().pending("o-1")).isEmpty();
  }

  @Test
  void guardedFailBranchesSeeTheContext() {
    Engine engine = engine(p -> p.enabled(true).jobTries(1));
    engine.create(NewInstance.of("order").id("o-1").input(Map.of("retry", true)));
    engine
        .regionJobs()
        .fail(job(engine, "o-1", "processing.inventory"), new IllegalStateException("out"));
    assertThat(engine.instances().get("o-1").states()).containsExactly("retrying");
  }

  @Test
  void withoutFailTheMachineStaysRecordsTheFailureAndStillTakesEvents() {
    Engine engine = engine(p -> p.enabled(true).jobTries(1));
    engine.create(NewInstance.of("nofail").id("n-1"));
    assertThat(
            engine
                .regionJobs()
                .fail(job(engine, "n-1", "processing.inventory"), new RuntimeException("boom")))
        .isEqualTo(JobOutcome.GAVE_UP);
    assertThat(types(engine, "n-1")).containsExactly(FAIL);
    assertThat(engine.instances().get("n-1").states())
        .containsExactly("processing.inventory.checking", "processing.payment.charging");
    engine.send("n-1", Event.of("INVENTORY_OK"));
    engine.regionJobs().runAvailable();
    assertThat(engine.instances().get("n-1").states()).containsExactly("completed");
  }

  @Test
  void theRegionTimeoutFiresFailWithTheStalledRegions() {
    Engine engine = engine(p -> p.enabled(true).regionTimeout(Duration.ofMinutes(2)));
    engine.create(NewInstance.of("order").id("o-1"));
    engine.regionJobs().run(job(engine, "o-1", "processing.inventory"));
    clock.advance(Duration.ofSeconds(119));
    engine.runDue();
    assertThat(engine.instances().get("o-1").states()).contains("processing.payment.charging");
    clock.advance(Duration.ofSeconds(1));
    engine.runDue();
    assertThat(payload(engine, "o-1", TIMEOUT))
        .containsEntry(PARALLEL_STATE, "processing")
        .hasEntrySatisfying(TIMEOUT_SECONDS, n -> assertThat(number(n)).isEqualTo(120))
        .containsEntry(STALLED_REGIONS, List.of("processing.payment"));
    assertThat(engine.instances().get("o-1").states()).containsExactly("failed");
    assertThat(engine.regionJobs().run(job(engine, "o-1", "processing.payment")))
        .isEqualTo(JobOutcome.DISCARDED);
  }

  @Test
  void aRegionTimeoutAfterTheStateWasLeftDoesNothing() {
    Engine engine = engine(p -> p.enabled(true).regionTimeout(Duration.ofMinutes(2)));
    engine.create(NewInstance.of("order").id("o-1"));
    engine.regionJobs().runAvailable();
    clock.advance(Duration.ofMinutes(3));
    engine.runDue();
    assertThat(types(engine, "o-1")).doesNotContain(TIMEOUT);
    assertThat(engine.instances().get("o-1").states()).containsExactly("completed");
  }

  @Test
  void aResultArrivingAfterTheOperatorCancelledIsDiscardedAndSaysWhat() throws Exception {
    Engine engine = engine(ON);
    CountDownLatch running = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    hook(
        "inventory",
        a -> {
          running.countDown();
          await(release);
        });
    engine.create(NewInstance.of("order").id("o-1"));
    RegionJob inventory = job(engine, "o-1", "processing.inventory");
    Thread worker = new Thread(() -> engine.regionJobs().run(inventory));
    worker.start();
    assertThat(running.await(10, TimeUnit.SECONDS)).isTrue();
    engine.send("o-1", Event.of("CANCEL")); // the operator, between the action and its apply
    release.countDown();
    worker.join(10_000);
    assertThat(payload(engine, "o-1", GUARD_ABORT))
        .containsEntry(REGION, "processing.inventory")
        .containsEntry(REASON, LEFT_PARALLEL_STATE)
        .containsEntry(DISCARDED_CONTEXT, List.of("inventory_result"))
        .hasEntrySatisfying(DISCARDED_EVENTS, n -> assertThat(number(n)).isEqualTo(1))
        .containsEntry(WORK_WAS_DISCARDED, true);
    assertThat(engine.instances().get("o-1").context()).doesNotContainKey("inventory_result");
    assertThat(engine.instances().get("o-1").states()).containsExactly("cancelled");
  }

  @Test
  void regionsThatRaiseNothingStallWithOrWithoutContextChanges() {
    Engine engine = engine(ON);
    engine.create(NewInstance.of("waiting").id("w-1"));
    assertThat(engine.regionJobs().runAvailable()).containsOnly(JobOutcome.APPLIED).hasSize(2);
    List<HistoryEntry> stalls = engine.instances().history(HistoryQuery.ofType("w-1", STALLED));
    assertThat(stalls)
        .extracting(HistoryEntry::payload)
        .containsExactlyInAnyOrder(
            Map.of(REGION, "p.webhook", INITIAL_STATE, "p.webhook.asked", CONTEXT_CHANGED, true),
            Map.of(REGION, "p.idle", INITIAL_STATE, "p.idle.resting", CONTEXT_CHANGED, false));
    engine.send(
        "w-1", Event.of("WEBHOOK")); // waiting by design: the external event finishes the region
    engine.send("w-1", Event.of("WAKE"));
    assertThat(engine.instances().get("w-1").states()).containsExactly("finished");
  }

  @Test
  void aResultForARegionTheOperatorAlreadyMovedOnIsDiscarded() throws Exception {
    Engine engine = engine(ON);
    CountDownLatch running = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    hook(
        "inventory",
        a -> {
          running.countDown();
          await(release);
        });
    engine.create(NewInstance.of("order").id("o-1"));
    RegionJob inventory = job(engine, "o-1", "processing.inventory");
    List<JobOutcome> outcome = new java.util.concurrent.CopyOnWriteArrayList<>();
    Thread worker = new Thread(() -> outcome.add(engine.regionJobs().run(inventory)));
    worker.start();
    assertThat(running.await(10, TimeUnit.SECONDS)).isTrue();
    engine.send("o-1", Event.of("INVENTORY_OK")); // the region advances while its job's action runs
    release.countDown();
    worker.join(10_000);
    assertThat(outcome).containsExactly(JobOutcome.APPLIED);
    assertThat(payload(engine, "o-1", GUARD_ABORT))
        .containsEntry(REASON, REGION_ADVANCED)
        .containsEntry(WORK_WAS_DISCARDED, true);
    assertThat(engine.instances().get("o-1").context()).doesNotContainKey("inventory_result");
    assertThat(engine.regionJobs().pending("o-1"))
        .extracting(RegionJob::region)
        .containsExactly("processing.payment");
  }

  @Test
  void dispatchedEntryActionsSeeTheEventThatEnteredTheState() {
    Engine engine = engine(p -> p.enabled(true).jobTries(1));
    List<Event> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
    hook("inventory", a -> seen.add(a.event()));
    engine.create(NewInstance.of("order").id("o-1").input(Map.of("retry", true)));
    engine.regionJobs().run(job(engine, "o-1", "processing.inventory"));
    engine.regionJobs().fail(job(engine, "o-1", "processing.payment"), new RuntimeException("x"));
    assertThat(engine.instances().get("o-1").states()).containsExactly("retrying");
    engine.send("o-1", Event.of("RETRY", Map.of("reason", "card updated")));
    engine.regionJobs().run(job(engine, "o-1", "processing.inventory"));
    assertThat(seen)
        .extracting(Event::type, Event::payload)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("@init", Map.of()),
            org.assertj.core.groups.Tuple.tuple("RETRY", Map.of("reason", "card updated")));
  }

  @Test
  void aPauseWhileTheActionRunsHoldsItsResultUntilTheResume() throws Exception {
    Engine engine = engine(ON);
    CountDownLatch running = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    hook(
        "inventory",
        a -> {
          if (running.getCount() > 0) {
            running.countDown();
            await(release);
          }
        });
    engine.create(NewInstance.of("order").id("o-1"));
    RegionJob inventory = job(engine, "o-1", "processing.inventory");
    List<JobOutcome> outcome = new java.util.concurrent.CopyOnWriteArrayList<>();
    Thread worker = new Thread(() -> outcome.add(engine.regionJobs().run(inventory)));
    worker.start();
    assertThat(running.await(10, TimeUnit.SECONDS)).isTrue();
    engine.admin().queues().pause("order"); // the operator, while the action runs
    release.countDown();
    worker.join(10_000);
    assertThat(outcome).containsExactly(JobOutcome.PAUSED);
    assertThat(engine.instances().get("o-1").context()).doesNotContainKey("inventory_result");
    assertThat(job(engine, "o-1", "processing.inventory").attempts())
        .as("handed back uncounted")
        .isZero();
    engine.admin().queues().resume("order");
    clock.advance(Duration.ofSeconds(1));
    assertThat(engine.regionJobs().runAvailable()).containsOnly(JobOutcome.APPLIED).hasSize(2);
    assertThat(engine.instances().get("o-1").states()).containsExactly("completed");
  }

  @Test
  void aPausedQueueHoldsJobsUntilItIsResumed() {
    Engine engine = engine(ON);
    engine.create(NewInstance.of("order").id("o-1"));
    engine.admin().queues().pause("order");
    assertThat(engine.regionJobs().run(job(engine, "o-1", "processing.inventory")))
        .isEqualTo(JobOutcome.PAUSED);
    assertThat(engine.regionJobs().pending("o-1")).hasSize(2);
    engine.admin().queues().resume("order");
    clock.advance(Duration.ofSeconds(1));
    assertThat(engine.regionJobs().runAvailable()).containsOnly(JobOutcome.APPLIED).hasSize(2);
    assertThat(engine.instances().get("o-1").states()).containsExactly("completed");
  }

  @Test
  void anActionRunningPastTheJobTimeoutIsAFailedAttempt() {
    Engine engine = engine(p -> p.enabled(true).jobTimeout(Duration.ofMillis(200)).jobTries(3));
    CountDownLatch never = new CountDownLatch(1);
    hook("inventory", a -> await(never));
    engine.create(NewInstance.of("order").id("o-1"));
    RegionJob inventory = job(engine, "o-1", "processing.inventory");
    assertThat(engine.regionJobs().run(inventory)).isEqualTo(JobOutcome.RETRYING);
    assertThat(engine.regionJobs().pending("o-1").stream().filter(j -> j.id() == inventory.id()))
        .singleElement()
        .satisfies(j -> assertThat(j.lastError()).contains("EventTimeoutException"));
  }

  @Test
  void aBusyInstancePastTheLockTimeoutIsAFailedAttempt() throws Exception {
    Engine engine = engine(p -> p.enabled(true).lockTimeout(Duration.ofMillis(100)).jobTries(3));
    engine.create(NewInstance.of("order").id("o-1"));
    CountDownLatch holding = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    hook(
        "hold",
        a -> {
          holding.countDown();
          await(release);
        });
    // holds the instance's lease
    Thread operator = new Thread(() -> engine.send("o-1", Event.of("HOLD")));
    operator.start();
    assertThat(holding.await(10, TimeUnit.SECONDS)).isTrue();
    RegionJob inventory = job(engine, "o-1", "processing.inventory");
    try {
      assertThat(engine.regionJobs().run(inventory)).isEqualTo(JobOutcome.RETRYING);
    } finally {
      release.countDown();
      operator.join(10_000);
    }
    assertThat(engine.regionJobs().pending("o-1").stream().filter(j -> j.id() == inventory.id()))
        .singleElement()
        .satisfies(j -> assertThat(j.lastError()).contains("lock timeout"));
    assertThat(engine.instances().get("o-1").context()).doesNotContainKey("inventory_result");
  }

  @Test
  void theInstanceLeaseOfAnApplyLastsTheLockTtl() {
    Engine engine = engine(p -> p.enabled(true).lockTtl(Duration.ofSeconds(7)));
    engine.create(NewInstance.of("order").id("o-1"));
    java.util.concurrent.atomic.AtomicBoolean takenBefore =
        new java.util.concurrent.atomic.AtomicBoolean();
    java.util.concurrent.atomic.AtomicBoolean takenAfter =
        new java.util.concurrent.atomic.AtomicBoolean();
    hook( // runs while the inventory result applies, under the instance's lease
        "inventory_done",
        a -> {
          Duration probe = Duration.ofSeconds(1);
          takenBefore.set(store.work().lease("o-1", "probe", probe, T0.plusSeconds(6)).isPresent());
          takenAfter.set(store.work().lease("o-1", "probe", probe, T0.plusSeconds(8)).isPresent());
        });
    assertThat(engine.regionJobs().run(job(engine, "o-1", "processing.inventory")))
        .as("another node took the lease over once lock_ttl had passed")
        .isEqualTo(JobOutcome.LOST);
    assertThat(takenBefore).as("lease taken before lock_ttl passed").isFalse();
    assertThat(takenAfter).as("lease taken after lock_ttl passed").isTrue();
  }

  @ParameterizedTest
  @EnumSource(
      value = FaultyStore.Point.class,
      names = {"BEFORE_COMMIT", "AFTER_COMMIT"})
  void aJobWhoseEngineDiesAtItsCommitIsAppliedOnce(FaultyStore.Point point) {
    engine(ON).create(NewInstance.of("order").id("o-1"));
    FaultyStore dying = new FaultyStore(store, point, 1);
    Engine doomed =
        Engine.builder()
            .store(dying)
            .clock(clock)
            .register(ORDER)
            .settings(s -> s.parallelDispatch(ON))
            .settings(s -> s.workers(w -> w.regionJobThreads(0)))
            .build();
    RegionJob inventory = job(doomed, "o-1", "processing.inventory");
    assertThat(doomed.regionJobs().run(inventory)).isEqualTo(JobOutcome.LOST);
    assertThat(dying.dead()).isTrue();

    clock.advance(Duration.ofMinutes(7)); // past the dead engine's job lease
    Engine survivor = engine(ON);
    List<JobOutcome> outcomes = survivor.regionJobs().runAvailable();
    assertThat(outcomes)
        .containsOnly(JobOutcome.APPLIED)
        .hasSize(point == FaultyStore.Point.BEFORE_COMMIT ? 2 : 1);
    assertThat(survivor.instances().get("o-1").states()).containsExactly("completed");
    assertThat(survivor.instances().history(HistoryQuery.ofType("o-1", ENTER))).hasSize(2);
    assertThat(
            survivor.instances().history(HistoryQuery.all("o-1")).stream()
                .filter(row -> row.event().equals("INVENTORY_OK"))
                .count())
        .as("the inventory result is applied once")
        .isEqualTo(1);
  }

  /** A JSON number as a long, whatever type the store gave it back as. */
  protected static long number(Object value) {
    return ((Number) value).longValue();
  }

  protected static void await(CountDownLatch latch) {
    try {
      if (!latch.await(30, TimeUnit.SECONDS)) {
        throw new IllegalStateException("latch never opened");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }
}
