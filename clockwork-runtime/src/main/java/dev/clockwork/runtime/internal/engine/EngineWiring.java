package dev.clockwork.runtime.internal.engine;

import dev.clockwork.runtime.admin.ActivityRecorder;
import dev.clockwork.runtime.admin.ProcessingTimes;
import dev.clockwork.runtime.admin.QueueAdmin;
import dev.clockwork.runtime.archive.JsonLinesArchiver;
import dev.clockwork.runtime.config.ParallelDispatchConfig;
import dev.clockwork.runtime.config.QueueConfig;
import dev.clockwork.runtime.config.Settings;
import dev.clockwork.runtime.config.WorkerSettings;
import dev.clockwork.runtime.internal.CommitPipeline;
import dev.clockwork.runtime.internal.LeaseWaiter;
import dev.clockwork.runtime.internal.Listeners;
import dev.clockwork.runtime.internal.LocalLeases;
import dev.clockwork.runtime.internal.MachineRegistry;
import dev.clockwork.runtime.internal.StoreAlignedClock;
import dev.clockwork.runtime.internal.TurnEnd;
import dev.clockwork.runtime.internal.TurnRunner;
import dev.clockwork.runtime.internal.TurnServices;
import dev.clockwork.runtime.internal.VersionMoves;
import dev.clockwork.runtime.internal.deploy.Deployments;
import dev.clockwork.runtime.internal.outage.StoreFailures;
import dev.clockwork.runtime.internal.retention.RetentionPass;
import dev.clockwork.runtime.internal.retention.RetentionSteps;
import dev.clockwork.runtime.internal.worker.PeriodicTasks;
import dev.clockwork.runtime.internal.worker.StartTasks;
import dev.clockwork.runtime.internal.worker.Workers;
import dev.clockwork.runtime.listener.EngineListener;
import dev.clockwork.runtime.store.Archiver;
import dev.clockwork.runtime.store.Store;
import dev.clockwork.runtime.store.memory.InMemoryStore;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Wires what an engine's builder collected into the parts the engine holds: the clock (aligned with
 * the store's when that is on), the listeners (the engine's own figures first), the one turn
 * lifecycle, the queue admin, the periodic tasks, the workers and the region jobs.
 */
public final class EngineWiring {
  /** How often an engine adds what it processed to the store's queue activity. */
  private static final Duration ACTIVITY_FLUSH = Duration.ofSeconds(10);

  /** How often a node looks for machine versions deployed elsewhere (the CLI, another node). */
  private static final Duration DEPLOYMENT_CHECK = Duration.ofSeconds(5);

  private EngineWiring() {}

  /** The user's sink, else the directory {@code retention.archive} names, else none (null). */
  private static Archiver archiver(EngineInputs inputs, Settings settings, Clock clock) {
    if (inputs.archiver() != null) {
      return inputs.archiver();
    }
    String directory = settings.retention().archive();
    return directory == null ? null : new JsonLinesArchiver(Path.of(directory), clock);
  }

  /** The parts of an engine built from {@code inputs}. */
  public static EngineParts wire(EngineInputs inputs) {
    Settings settings = inputs.settings();
    WorkerSettings workers = settings.workers();
    MachineRegistry machines = inputs.machines();
    Store store = inputs.store() != null ? inputs.store() : new InMemoryStore();
    boolean align =
        workers.alignClockWithStore() != null
            ? workers.alignClockWithStore()
            : !inputs.clockGiven();
    StoreAlignedClock aligned = align ? StoreAlignedClock.on(inputs.clock(), store) : null;
    Clock clock = aligned != null ? aligned : inputs.clock();
    Deployments deployments =
        new Deployments(store.definitions(), machines, inputs.behaviors(), clock);
    ProcessingTimes times = new ProcessingTimes();
    ActivityRecorder activity = new ActivityRecorder();
    List<EngineListener> all = new ArrayList<>();
    all.add(times);
    all.add(activity);
    all.addAll(inputs.listeners());
    if (inputs.metrics() != null) {
      all.add(inputs.metrics());
    }
    Listeners listeners = new Listeners(all);
    Function<String, QueueConfig> queues = settings::queue;
    Function<String, ParallelDispatchConfig> parallel = settings::parallelDispatch;
    LocalLeases local = new LocalLeases();
    LeaseWaiter waiter =
        new LeaseWaiter(
            store, clock, workers.owner(), workers.leaseTime(), workers.lockTimeout(), local);
    TurnServices services = new TurnServices(store, machines, local, waiter, parallel, queues);
    // a handed-in turn waits for the next batch; a few per worker thread keep the flushes full
    StoreFailures failures = new StoreFailures(clock, workers.pollInterval());
    CommitPipeline pipeline =
        new CommitPipeline(store, listeners, failures, Math.max(16, 4 * workers.threads()));
    TurnEnd end = new TurnEnd(store, clock, pipeline, listeners, services);
    TurnRunner runner = new TurnRunner(clock, services, end, queues, workers.eventsPerClaim());
    QueueAdmin admin =
        new QueueAdmin(
            store,
            clock,
            queues,
            times,
            activity,
            failures::current,
            machines::ids,
            deployments::problems);
    PeriodicTasks tasks = new PeriodicTasks(failures);
    tasks.add(
        "self-healing pass",
        settings.timers().sweepInterval(),
        () -> store.work().deliverBroadcasts(clock.instant(), TurnEnd.BROADCAST_PAGE));
    tasks.add("dead-letter retention", Duration.ofMinutes(1), admin::purgeExpiredDeadLetters);
    tasks.add("queue activity", ACTIVITY_FLUSH, admin::flushActivity);
    tasks.add("deployed machines", DEPLOYMENT_CHECK, deployments::refresh);
    RetentionSteps retentionSteps = new RetentionSteps();
    tasks.add(
        "retention",
        workers.retentionInterval(),
        new RetentionPass(
            settings,
            store.retention(),
            clock,
            listeners,
            archiver(inputs, settings, clock),
            retentionSteps));
    if (aligned != null) {
      tasks.add("clock alignment", StoreAlignedClock.INTERVAL, aligned::measure);
    }
    Workers threads =
        new Workers(
            store,
            clock,
            runner,
            settings,
            () -> {
              Map<String, Integer> caps = new HashMap<>();
              machines.ids().forEach(m -> caps.put(m, queues.apply(m).concurrency()));
              return caps;
            },
            listeners,
            local,
            tasks,
            failures);
    if (inputs.metrics() != null) {
      inputs.metrics().gauges(admin, machines.ids());
    }
    RegionJobParts jobs = RegionJobParts.wire(settings, store, clock, machines, runner, failures);
    VersionMoves moves = new VersionMoves(clock, services, end);
    Upgrades upgrades = new Upgrades(store, machines, moves);
    StartTasks startTasks = new StartTasks();
    return new EngineParts(
        settings,
        clock,
        store,
        machines,
        listeners,
        admin,
        jobs.regionJobs(),
        tasks,
        startTasks,
        retentionSteps,
        new Creations(settings, machines, runner),
        new EventIntake(settings, store, clock, machines, runner, listeners),
        new DueWork(settings, store, clock, machines, runner),
        upgrades,
        deployments,
        new Migrations(store, clock, moves, deployments),
        new Lifecycle(
            settings,
            machines,
            deployments,
            upgrades,
            startTasks,
            threads,
            jobs.workers(),
            jobs.dispatchInUse(),
            admin,
            failures::current));
  }
}
