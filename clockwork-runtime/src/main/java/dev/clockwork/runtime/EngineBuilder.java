package dev.clockwork.runtime;

import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.runtime.admin.ActivityRecorder;
import dev.clockwork.runtime.admin.ProcessingTimes;
import dev.clockwork.runtime.admin.QueueAdmin;
import dev.clockwork.runtime.config.ParallelDispatchConfig;
import dev.clockwork.runtime.config.QueueConfig;
import dev.clockwork.runtime.config.Settings;
import dev.clockwork.runtime.config.SettingsBuilder;
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
import dev.clockwork.runtime.internal.worker.PeriodicTasks;
import dev.clockwork.runtime.internal.worker.Workers;
import dev.clockwork.runtime.listener.EngineListener;
import dev.clockwork.runtime.metrics.MicrometerQueueMetrics;
import dev.clockwork.runtime.parallel.RegionJobRunner;
import dev.clockwork.runtime.parallel.RegionJobWorkers;
import dev.clockwork.runtime.parallel.RegionJobs;
import dev.clockwork.runtime.store.Store;
import dev.clockwork.runtime.store.memory.InMemoryStore;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Configures an engine; the defaults are an in-memory store, the system clock, and the queue seed's
 * settings (concurrency 10 per machine, 3 attempts, …) whether or not a {@code clockwork.yaml} is
 * given. Values set in code ({@link #settings(Consumer)}) win over the file's ({@link
 * #config(Settings)}); {@link #build()} resolves them once into the engine's {@link Settings}.
 */
public final class EngineBuilder {
  /** How often an engine adds what it processed to the store's queue activity. */
  private static final Duration ACTIVITY_FLUSH = Duration.ofSeconds(10);

  private Store store;
  private Clock clock = Clock.systemUTC();
  private boolean clockGiven;
  private final MachineRegistry machines = new MachineRegistry();
  private final SettingsBuilder code = new SettingsBuilder();
  private Settings config = Settings.defaults();
  private final List<EngineListener> listeners = new ArrayList<>();
  private MicrometerQueueMetrics metrics;

  EngineBuilder() {}

  public EngineBuilder store(Store chosen) {
    this.store = Objects.requireNonNull(chosen, "store");
    return this;
  }

  /**
   * The clock every timer, lease and history row is measured by (inject a virtual one in tests).
   * Once one is given, the engine follows it as it is, unless {@code
   * workers.align_clock_with_store} turns the store's clock on ({@link
   * dev.clockwork.runtime.config.WorkerSettings}).
   */
  public EngineBuilder clock(Clock chosen) {
    this.clock = Objects.requireNonNull(chosen, "clock");
    this.clockGiven = true;
    return this;
  }

  public EngineBuilder register(MachineDefinition... definitions) {
    for (MachineDefinition definition : definitions) {
      machines.register(definition);
    }
    return this;
  }

  /**
   * Settings made in code, named as {@code clockwork.yaml} names them: {@code s -> s.queue(q ->
   * q.concurrency(10)).machine("order", m -> m.queue(q -> q.concurrency(5))).workers(w ->
   * w.threads(8))}. They win over {@link #config}'s, key by key; calls add up.
   */
  public EngineBuilder settings(Consumer<SettingsBuilder> settings) {
    settings.accept(code);
    return this;
  }

  /**
   * The settings of {@code clockwork.yaml} ({@link Settings#load}) or of Spring Boot's properties:
   * per-machine queues (concurrency caps held across every node, strategies, timeouts, retries,
   * dead letters, alert thresholds), parallel dispatch, timers and workers. Values set with {@link
   * #settings(Consumer)} win over them.
   */
  public EngineBuilder config(Settings file) {
    this.config = Objects.requireNonNull(file, "config");
    return this;
  }

  /** Adds a listener; any number may listen. */
  public EngineBuilder listener(EngineListener listener) {
    listeners.add(Objects.requireNonNull(listener, "listener"));
    return this;
  }

  /** Publishes the queue seed's metrics to {@code registry} ({@link MicrometerQueueMetrics}). */
  public EngineBuilder metrics(MeterRegistry registry) {
    this.metrics = new MicrometerQueueMetrics(Objects.requireNonNull(registry, "registry"));
    return this;
  }

  /**
   * The engine, its settings resolved once: the defaults, then {@link #config}'s, then {@link
   * #settings(Consumer)}'s.
   *
   * @throws dev.clockwork.runtime.config.ConfigException when a setting made in code is wrong,
   *     naming its key path and the fix
   */
  public Engine build() {
    Settings settings = config.with(code);
    WorkerSettings built = settings.workers();
    Store chosen = store != null ? store : new InMemoryStore();
    boolean align = built.alignClockWithStore() != null ? built.alignClockWithStore() : !clockGiven;
    StoreAlignedClock aligned = align ? StoreAlignedClock.on(this.clock, chosen) : null;
    Clock clock = aligned != null ? aligned : this.clock;
    ProcessingTimes times = new ProcessingTimes();
    ActivityRecorder activity = new ActivityRecorder();
    List<EngineListener> all = new ArrayList<>();
    all.add(times);
    all.add(activity);
    all.addAll(listeners);
    if (metrics != null) {
      all.add(metrics);
    }
    Listeners heard = new Listeners(all);
    Function<String, QueueConfig> queues = settings::queue;
    LocalLeases local = new LocalLeases();
    LeaseWaiter waiter =
        new LeaseWaiter(
            chosen, clock, built.owner(), built.leaseTime(), built.lockTimeout(), local);
    Function<String, ParallelDispatchConfig> parallel = settings::parallelDispatch;
    TurnServices services = new TurnServices(chosen, machines, local, waiter, parallel, queues);
    TurnEnd end = new TurnEnd(chosen, clock, new CommitPipeline(chosen, heard), heard, services);
    TurnRunner runner = new TurnRunner(clock, services, end, queues, built.eventsPerClaim());
    QueueAdmin admin = new QueueAdmin(chosen, clock, queues, times, activity);
    PeriodicTasks tasks = new PeriodicTasks();
    tasks.add(
        "self-healing pass",
        settings.timers().sweepInterval(),
        () -> chosen.work().deliverBroadcasts(clock.instant(), TurnEnd.BROADCAST_PAGE));
    tasks.add("dead-letter retention", Duration.ofMinutes(1), admin::purgeExpiredDeadLetters);
    tasks.add("queue activity", ACTIVITY_FLUSH, admin::flushActivity);
    if (aligned != null) {
      tasks.add("clock alignment", StoreAlignedClock.INTERVAL, aligned::measure);
    }
    Workers workers =
        new Workers(
            chosen,
            clock,
            runner,
            settings,
            () -> {
              Map<String, Integer> caps = new HashMap<>();
              machines.ids().forEach(m -> caps.put(m, queues.apply(m).concurrency()));
              return caps;
            },
            heard,
            local,
            tasks);
    if (metrics != null) {
      metrics.gauges(admin, machines.ids());
    }
    RegionJobRunner jobRunner = new RegionJobRunner(chosen, clock, machines, runner, parallel);
    Supplier<Duration> jobLease = () -> jobLeaseTime(machines, parallel);
    Supplier<Set<String>> known = machines::ids;
    RegionJobs jobs = new RegionJobs(chosen, clock, jobRunner, built.owner(), jobLease, known);
    int threads = built.regionJobThreads();
    RegionJobWorkers jobWorkers =
        threads == 0
            ? null
            : new RegionJobWorkers(
                chosen,
                clock,
                jobRunner,
                built.owner(),
                threads,
                built.regionJobQueues(),
                jobLease,
                known,
                settings.timers().sweepInterval(),
                built.shutdownTimeout());
    BooleanSupplier dispatchInUse =
        () -> machines.ids().stream().anyMatch(m -> parallel.apply(m).enabled());
    return new Engine(
        settings,
        chosen,
        clock,
        machines,
        runner,
        workers,
        tasks,
        admin,
        jobs,
        jobWorkers,
        dispatchInUse,
        heard);
  }

  /**
   * A region job's lease outlasts its longest run: the action ({@code job_timeout}), the wait for
   * the instance's lease ({@code lock_timeout}) and that lease ({@code lock_ttl}), the longest of
   * any machine's.
   */
  private static Duration jobLeaseTime(
      MachineRegistry machines, Function<String, ParallelDispatchConfig> parallel) {
    Duration longest = Duration.ZERO;
    for (String machine : machines.ids()) {
      ParallelDispatchConfig c = parallel.apply(machine);
      Duration lease = c.jobTimeout().plus(c.lockTimeout()).plus(c.lockTtl());
      longest = lease.compareTo(longest) > 0 ? lease : longest;
    }
    return longest.isZero() ? Duration.ofMinutes(1) : longest;
  }
}
