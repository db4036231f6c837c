package dev.clockwork.runtime.parallel;

import static dev.clockwork.core.definition.ParallelEvents.*;
import static dev.clockwork.runtime.parallel.DispatchMachines.*;
import static dev.clockwork.runtime.parallel.ParallelDispatchContractTest.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.clock.VirtualClock;
import dev.clockwork.runtime.config.ParallelDispatchSettingsBuilder;
import dev.clockwork.runtime.config.Settings;
import dev.clockwork.runtime.instance.HistoryQuery;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.store.RegionJob;
import dev.clockwork.runtime.store.Store;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Region jobs run by an engine's own threads, on every store: concurrently (shown with a barrier
 * both actions must reach together), routed by queue, taken over when their worker stops, and
 * switched on per machine and by {@code clockwork.yaml}. Subclass once per store.
 */
public abstract class RegionJobWorkersContractTest {
  protected static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
  private static final Consumer<ParallelDispatchSettingsBuilder> ON = p -> p.enabled(true);

  protected VirtualClock clock;
  protected Store store;
  private final List<Engine> engines = new ArrayList<>();

  protected abstract Store newStore();

  @BeforeEach
  void setUp() {
    clock = VirtualClock.at(T0);
    store = newStore();
    DispatchMachines.reset();
  }

  @AfterEach
  void stopEngines() {
    engines.forEach(Engine::close);
  }

  private Engine engine(String owner, Consumer<Engine.Builder> more) {
    Engine.Builder builder =
        Engine.builder()
            .store(store)
            .clock(clock)
            .register(ORDER, NO_FAIL, SHARED)
            .settings(s -> s.parallelDispatch(ON).workers(w -> w.owner(owner)));
    more.accept(builder);
    Engine engine = builder.build();
    engines.add(engine);
    return engine;
  }

  @Test
  void jobsOfOneInstanceRunAtTheSameTime() {
    CyclicBarrier both = new CyclicBarrier(2);
    AtomicInteger running = new AtomicInteger();
    AtomicInteger most = new AtomicInteger();
    Consumer<dev.clockwork.core.behavior.ActionScope> meet =
        a -> {
          most.accumulateAndGet(running.incrementAndGet(), Math::max);
          try {
            both.await(20, TimeUnit.SECONDS); // passes only when the other region runs too
          } catch (Exception e) {
            throw new IllegalStateException("the other region's job did not run alongside", e);
          } finally {
            running.decrementAndGet();
          }
        };
    hook("inventory", meet);
    hook("payment", meet);
    Engine engine =
        engine("node-a", b -> b.settings(s -> s.workers(w -> w.regionJobThreads(2)))).start();
    engine.create(NewInstance.of("order").id("o-1"));
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> engine.instances().get("o-1").states().equals(List.of("completed")));
    assertThat(most).hasValue(2);
    assertThat(engine.instances().history(HistoryQuery.ofType("o-1", ENTER))).hasSize(2);
  }

  @Test
  void jobsRunOnlyOnNodesServingTheirQueue() {
    Engine other =
        engine(
            "node-other",
            b ->
                b.settings(s -> s.parallelDispatch(p -> p.queue("regions")))
                    .settings(s -> s.workers(w -> w.regionJobQueues("other")))
                    .settings(s -> s.workers(w -> w.regionJobThreads(2))));
    other.start();
    other.create(NewInstance.of("order").id("o-1"));
    await()
        .during(Duration.ofMillis(500))
        .atMost(Duration.ofSeconds(5))
        .until(() -> other.regionJobs().pending("o-1").size() == 2);
    Engine serving =
        engine(
            "node-regions",
            b ->
                b.settings(s -> s.parallelDispatch(p -> p.queue("regions")))
                    .settings(s -> s.workers(w -> w.regionJobQueues("regions")))
                    .settings(s -> s.workers(w -> w.regionJobThreads(2))));
    serving.start();
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> serving.instances().get("o-1").states().equals(List.of("completed")));
  }

  @Test
  void aJobWhoseWorkerStoppedIsTakenOverAndAppliedOnce() throws Exception {
    CountDownLatch stuck = new CountDownLatch(1);
    CountDownLatch running = new CountDownLatch(1);
    hook(
        "inventory",
        a -> {
          if (running.getCount() > 0) { // only the first run hangs, as a dead worker would
            running.countDown();
            await(stuck);
          }
        });
    Engine dead = engine("node-dead", b -> b.settings(s -> s.workers(w -> w.regionJobThreads(0))));
    dead.create(NewInstance.of("order").id("o-1"));
    RegionJob inventory =
        dead.regionJobs().pending("o-1").stream()
            .filter(j -> j.region().equals("processing.inventory"))
            .findFirst()
            .orElseThrow();
    List<JobOutcome> deadOutcome = new ArrayList<>();
    Thread hung = new Thread(() -> deadOutcome.add(dead.regionJobs().run(inventory)));
    hung.start();
    assertThat(running.await(10, TimeUnit.SECONDS)).isTrue();

    clock.advance(Duration.ofMinutes(7)); // past the job's lease (job + lock timeouts + lock ttl)
    Engine alive =
        engine("node-alive", b -> b.settings(s -> s.workers(w -> w.regionJobThreads(0))));
    assertThat(alive.regionJobs().runAvailable()).containsOnly(JobOutcome.APPLIED).hasSize(2);
    assertThat(alive.instances().get("o-1").states()).containsExactly("completed");

    stuck.countDown(); // the first run comes back to life and tries to apply its result
    hung.join(10_000);
    assertThat(deadOutcome).containsExactly(JobOutcome.LOST);
    assertThat(alive.instances().history(HistoryQuery.ofType("o-1", ENTER))).hasSize(2);
    assertThat(alive.instances().history(HistoryQuery.ofType("o-1", GUARD_ABORT))).isEmpty();
  }

  @Test
  void aJobInterruptedByShutdownIsHandedBackUnspent() throws Exception {
    CountDownLatch running = new CountDownLatch(1);
    CountDownLatch never = new CountDownLatch(1);
    hook(
        "inventory",
        a -> {
          if (running.getCount() > 0) {
            running.countDown();
            await(never); // interrupted by the shutdown
          }
        });
    Engine stopping =
        engine(
            "node-stopping",
            b ->
                b.settings(s -> s.workers(w -> w.shutdownTimeout(Duration.ofMillis(200))))
                    .settings(s -> s.workers(w -> w.regionJobThreads(2))));
    stopping.start();
    stopping.create(NewInstance.of("order").id("o-1"));
    assertThat(running.await(10, TimeUnit.SECONDS)).isTrue();
    stopping.close();
    assertThat(store.regionJobs().list("o-1"))
        .filteredOn(j -> j.region().equals("processing.inventory"))
        .singleElement()
        .satisfies(j -> assertThat(j.attempts()).as("not counted as an attempt").isZero());
    Engine next = engine("node-next", b -> b.settings(s -> s.workers(w -> w.regionJobThreads(0))));
    assertThat(next.regionJobs().runAvailable()).contains(JobOutcome.APPLIED);
    assertThat(next.instances().get("o-1").states()).containsExactly("completed");
  }

  @Test
  void dispatchIsSwitchedOnPerMachine() {
    Engine engine =
        engine(
            "node-a",
            b ->
                b.settings(
                        s ->
                            s.parallelDispatch(p -> p.enabled(false))
                                .machine("order", m -> m.parallelDispatch(ON)))
                    .settings(s -> s.workers(w -> w.regionJobThreads(0))));
    assertThat(engine.create(NewInstance.of("order").id("o-1")).dispatched()).isTrue();
    assertThat(engine.create(NewInstance.of("nofail").id("n-1")).dispatched()).isFalse();
    assertThat(engine.instances().get("n-1").states()).containsExactly("completed");
  }

  @Test
  void clockworkYamlSwitchesDispatchOnWithMachineOverrides() {
    Settings config =
        Settings.parse(
            String.join(
                "\n",
                "parallel_dispatch:",
                "  enabled: true",
                "  job_tries: 1",
                "machines:",
                "  nofail:",
                "    parallel_dispatch:",
                "      enabled: false",
                "  order: {}",
                "  shared: {}",
                ""),
            "clockwork.yaml");
    Engine engine =
        Engine.builder()
            .store(store)
            .clock(clock)
            .register(ORDER, NO_FAIL, SHARED)
            .config(config)
            .settings(s -> s.workers(w -> w.regionJobThreads(0)))
            .build();
    assertThat(engine.create(NewInstance.of("order").id("o-1")).dispatched()).isTrue();
    assertThat(engine.create(NewInstance.of("nofail").id("n-1")).dispatched()).isFalse();
    RegionJob inventory =
        engine.regionJobs().pending("o-1").stream()
            .filter(j -> j.region().equals("processing.inventory"))
            .findFirst()
            .orElseThrow();
    assertThat(engine.regionJobs().fail(inventory, new IllegalStateException("down")))
        .as("job_tries: 1 from the file")
        .isEqualTo(JobOutcome.GAVE_UP);
    assertThat(engine.instances().get("o-1").states()).containsExactly("failed");
  }

  @Test
  void eachJobIsLeasedForItsOwnMachinesTimesNotTheLongestOfAnyMachine() {
    Engine engine =
        engine(
            "node-a",
            b ->
                b.settings(
                        s ->
                            s.machine(
                                    "order",
                                    m ->
                                        m.parallelDispatch(
                                            p ->
                                                p.jobTimeout(Duration.ofSeconds(5))
                                                    .lockTimeout(Duration.ofSeconds(1))
                                                    .lockTtl(Duration.ofSeconds(4))))
                                .machine(
                                    "nofail",
                                    m ->
                                        m.parallelDispatch(
                                            p ->
                                                p.jobTimeout(Duration.ofSeconds(100))
                                                    .lockTimeout(Duration.ofSeconds(10))
                                                    .lockTtl(Duration.ofSeconds(200)))))
                    .settings(s -> s.workers(w -> w.regionJobThreads(0))));
    Map<String, Instant> leasedUntil = new ConcurrentHashMap<>();
    hook(
        "inventory",
        a ->
            store.regionJobs().list(null).stream()
                .filter(j -> j.region().equals("processing.inventory") && j.attempts() == 1)
                .forEach(j -> leasedUntil.put(j.instanceId(), j.availableAt())));
    engine.create(NewInstance.of("order").id("o-1"));
    engine.create(NewInstance.of("nofail").id("n-1"));

    assertThat(engine.regionJobs().run(inventoryJob(engine, "o-1"))).isEqualTo(JobOutcome.APPLIED);
    assertThat(engine.regionJobs().run(inventoryJob(engine, "n-1"))).isEqualTo(JobOutcome.APPLIED);

    assertThat(leasedUntil)
        .as("job_timeout + lock_timeout + lock_ttl of the job's own machine")
        .containsEntry("o-1", T0.plusSeconds(5 + 1 + 4))
        .containsEntry("n-1", T0.plusSeconds(100 + 10 + 200));
  }

  private static RegionJob inventoryJob(Engine engine, String instanceId) {
    return engine.regionJobs().pending(instanceId).stream()
        .filter(j -> j.region().equals("processing.inventory"))
        .findFirst()
        .orElseThrow();
  }
}
