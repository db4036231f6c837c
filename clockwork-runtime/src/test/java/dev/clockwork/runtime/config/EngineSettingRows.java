package dev.clockwork.runtime.config;

import static dev.clockwork.runtime.config.SettingFixture.T0;
import static org.awaitility.Awaitility.await;

import dev.clockwork.core.event.Event;
import dev.clockwork.core.interpreter.InstanceStatus;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.error.InstanceBusyException;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.store.ExpiredLease;
import dev.clockwork.runtime.store.InstanceBuilder;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import org.awaitility.core.ConditionTimeoutException;

/**
 * The rows of the engine's own keys: {@code system}, {@code timers}, {@code schedules} and {@code
 * workers}. Where the effect is only seen over real time or on a shared database (how often idle
 * workers poll, the shutdown wait, region job threads, the store's clock), the row reads the
 * resolved value; {@code SettingsTest}, {@code ConcurrencyContractTest}, {@code
 * RegionJobWorkersContractTest} and the PostgreSQL {@code SkewedNodeTest} show those effects.
 */
final class EngineSettingRows {
  private EngineSettingRows() {}

  static List<SettingRow> all() {
    return List.of(
        SettingRow.of(
            "system",
            "shop",
            s -> s.system("shop"),
            f -> f.engine.settings().system().equals("shop")),
        SettingRow.of(
            "schedules.namespace",
            "billing",
            s -> s.schedules(n -> n.namespace("billing")),
            f -> f.engine.settings().scheduleNamespace().equals("billing")),
        SettingRow.of(
            "timers.batch_size",
            "2",
            s -> s.timers(t -> t.batchSize(2)),
            f -> {
              for (int i = 0; i < 3; i++) {
                f.create("j-" + i);
                f.engine.enqueue("j-" + i, Event.of("GO"));
              }
              f.engine.runDue();
              return f.claims.get(0)[0] == 2;
            }),
        SettingRow.of(
            "timers.backpressure_threshold",
            "1",
            s -> s.timers(t -> t.backpressureThreshold(1)),
            f -> {
              f.create("j-1");
              f.engine.enqueue("j-1", Event.of("GO"));
              f.engine.enqueue("j-1", Event.of("GO"));
              f.engine.start(); // checks the threshold before the first claim
              return f.backpressure.contains(true);
            }),
        SettingRow.of(
            "timers.sweep_interval",
            "20 milliseconds",
            s -> s.timers(t -> t.sweepInterval(Duration.ofMillis(20))),
            f -> f.engine.settings().timers().sweepInterval().equals(Duration.ofMillis(20))),
        SettingRow.of(
            "workers.threads",
            "2",
            s -> s.workers(w -> w.threads(2)),
            f -> {
              f.engine.start();
              await().atMost(Duration.ofSeconds(10)).until(() -> !f.claims.isEmpty());
              return f.claims.get(0)[0] == 2;
            }),
        SettingRow.of(
            "workers.owner",
            "node-a",
            s -> s.workers(w -> w.owner("node-a")),
            f -> leaseWhileRunning(f).owner().equals("node-a")),
        SettingRow.of(
            "workers.lease_time",
            "5 seconds",
            s -> s.workers(w -> w.leaseTime(Duration.ofSeconds(5))),
            f -> leaseWhileRunning(f).expiredAt().equals(T0.plusSeconds(5))),
        SettingRow.of(
            "workers.lock_timeout",
            "50 milliseconds",
            s -> s.workers(w -> w.lockTimeout(Duration.ofMillis(50))),
            EngineSettingRows::aBusyInstanceIsRefusedWithinASecond),
        SettingRow.of(
            "workers.events_per_claim",
            "2",
            s -> s.workers(w -> w.eventsPerClaim(2)),
            f -> {
              f.create("j-1");
              for (int i = 0; i < 5; i++) {
                f.engine.enqueue("j-1", Event.of("GO"));
              }
              f.engine.runDue();
              return f.claims.stream().filter(c -> c[1] > 0).count() == 3;
            }),
        SettingRow.of(
            "workers.poll_interval",
            "20 milliseconds",
            s -> s.workers(w -> w.pollInterval(Duration.ofMillis(20))),
            f -> f.engine.settings().workers().pollInterval().equals(Duration.ofMillis(20))),
        SettingRow.of(
            "workers.shutdown_timeout",
            "200 milliseconds",
            s -> s.workers(w -> w.shutdownTimeout(Duration.ofMillis(200))),
            f -> f.engine.settings().workers().shutdownTimeout().equals(Duration.ofMillis(200))),
        SettingRow.of(
            "workers.upgrade_on_start",
            "false",
            s -> s.workers(w -> w.upgradeOnStart(false)),
            f -> {
              try (Engine old =
                  Engine.builder()
                      .store(f.store)
                      .clock(f.clock)
                      .register(SettingFixture.JOB_V1)
                      .build()) {
                old.create(NewInstance.of("job").id("old"));
              }
              f.engine.start();
              return f.engine.instances().get("old").version() == 1;
            }),
        SettingRow.of(
            "workers.queues",
            "other, more",
            s -> s.workers(w -> w.queues("other", "more")),
            f -> {
              f.create("j-1");
              f.engine.enqueue("j-1", Event.of("GO"));
              return f.engine.runDue() == 0;
            }),
        SettingRow.of(
            "workers.region_job_threads",
            "0",
            s -> s.workers(w -> w.regionJobThreads(0)),
            f -> f.engine.settings().workers().regionJobThreads() == 0),
        SettingRow.of(
            "workers.region_job_queues",
            "regions",
            s -> s.workers(w -> w.regionJobQueues("regions")),
            f -> Set.of("regions").equals(f.engine.settings().workers().regionJobQueues())),
        SettingRow.of(
            "workers.align_clock_with_store",
            "true",
            s -> s.workers(w -> w.alignClockWithStore(true)),
            f -> Boolean.TRUE.equals(f.engine.settings().workers().alignClockWithStore())),
        SettingRow.of(
            "workers.retention_interval",
            "20 milliseconds",
            s -> s.workers(w -> w.retentionInterval(Duration.ofMillis(20))),
            EngineSettingRows::aSecondRetentionPassRunsSoon));
  }

  /**
   * A finished instance stored after the workers' first retention pass is purged by a later one
   * within two seconds: at the default interval (a minute) it is not.
   */
  private static boolean aSecondRetentionPassRunsSoon(SettingFixture f) {
    storeFinished(f, "first");
    f.engine.start(); // the first pass runs at once
    await().atMost(Duration.ofSeconds(10)).until(() -> f.store.instances().find("first").isEmpty());
    storeFinished(f, "old");
    try {
      await().atMost(Duration.ofSeconds(2)).until(() -> f.store.instances().find("old").isEmpty());
      return true;
    } catch (ConditionTimeoutException e) {
      return false;
    }
  }

  /** A finished instance of {@link SettingFixture#JOB}, past every default retention. */
  static void storeFinished(SettingFixture f, String id) {
    f.store
        .work()
        .create(
            InstanceBuilder.instance(id)
                .machine(SettingFixture.JOB.id())
                .in("idle")
                .status(InstanceStatus.DONE)
                .updatedAt(T0.minus(Duration.ofDays(400)))
                .build(),
            List.of());
  }

  /** The lease the engine holds on an instance while one of its events runs. */
  private static ExpiredLease leaseWhileRunning(SettingFixture f) {
    f.create("j-1");
    AtomicReference<ExpiredLease> seen = new AtomicReference<>();
    SettingFixture.regionHook =
        a -> seen.set(f.store.queueAdmin().expiredLeases(T0.plus(Duration.ofDays(1)), 10).get(0));
    // the regions' entry actions run in this turn, dispatch off
    f.engine.send("j-1", Event.of("SPLIT"));
    return seen.get();
  }

  /** A send to an instance another node holds gives up after the lock timeout. */
  private static boolean aBusyInstanceIsRefusedWithinASecond(SettingFixture f) {
    f.create("j-1");
    f.store.work().lease("j-1", "another-node", Duration.ofHours(1), f.clock.instant());
    ExecutorService sender = Executors.newSingleThreadExecutor();
    try {
      sender.submit(() -> f.engine.send("j-1", Event.of("GO"))).get(1, TimeUnit.SECONDS);
      return false;
    } catch (ExecutionException e) {
      return e.getCause() instanceof InstanceBusyException;
    } catch (TimeoutException | InterruptedException e) {
      return false;
    } finally {
      sender.shutdownNow(); // a send still waiting is interrupted
    }
  }
}
