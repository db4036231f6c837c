package dev.clockwork.runtime;

import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.runtime.admin.ActivityRecorder;
import dev.clockwork.runtime.admin.ProcessingTimes;
import dev.clockwork.runtime.admin.QueueAdmin;
import dev.clockwork.runtime.config.ClockworkConfig;
import dev.clockwork.runtime.config.EngineOptions;
import dev.clockwork.runtime.config.ParallelDispatchConfig;
import dev.clockwork.runtime.config.QueueConfig;
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
 * given. Values set in code win over the file (see {@link EngineOptions}).
 */
public final class EngineBuilder {
  /** How often an engine adds what it processed to the store's queue activity. */
  private static final Duration ACTIVITY_FLUSH = Duration.ofSeconds(10);

  private Store store;
  private Clock clock = Clock.systemUTC();
  private Boolean alignClock;
  private final MachineRegistry machines = new MachineRegistry();
  private final EngineOptions.Builder options = EngineOptions.builder();
  private ClockworkConfig config = ClockworkConfig.defaults();
  private final List<EngineListener> listeners = new ArrayList<>();
  private MicrometerQueueMetrics metrics;
  private Integer regionJobThreads;
  private Set<String> regionJobQueues;

  EngineBuilder() {}

  public EngineBuilder store(Store chosen) {
    this.store = Objects.requireNonNull(chosen, "store");
    return this;
  }

  /**
   * The clock every timer, lease and history row is measured by (inject a virtual one in tests).
   */
  public EngineBuilder clock(Clock chosen) {
    this.clock = Objects.requireNonNull(chosen, "clock");
    if (alignClock == null) {
      alignClock = false;
    }
    return this;
  }

  /**
   * Whether the engine runs on the clock of a store several nodes share (PostgreSQL's): read when
   * the engine is built and every 30 s while it runs, carried forward on the process's monotonic
   * clock, so due timers and lease expiry are judged by one time on every node, and a node whose
   * clock is wrong or steps (time synchronisation down, an NTP correction) neither fires timers
   * early nor takes leases that have not expired. It logs a warning when the host's clock is a
   * second or more off. On by default with the system clock; off once {@link #clock} is given (a
   * virtual clock is meant to be followed as it is) unless turned on here, which then follows the
   * store's clock instead of the given one as soon as it is read.
   */
  public EngineBuilder alignClockWithStore(boolean align) {
    this.alignClock = align;
    return this;
  }

  public EngineBuilder register(MachineDefinition... definitions) {
    for (MachineDefinition definition : definitions) {
      machines.register(definition);
    }
    return this;
  }

  /** Tunes workers, leases, retries and timers; see {@link EngineOptions}. */
  public EngineBuilder options(Consumer<EngineOptions.Builder> settings) {
    settings.accept(options);
    return this;
  }

  /**
   * The settings of {@code clockwork.yaml}: per-machine queues (concurrency caps held across every
   * node, strategies, timeouts, retries, dead letters, alert thresholds) and timers. Values set
   * with {@link #options} win over it.
   */
  public EngineBuilder config(ClockworkConfig settings) {
    this.config = Objects.requireNonNull(settings, "config");
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
   * How many region jobs (parallel dispatch) this engine runs at once, on threads of their own
   * started by {@code Engine.start()}; the same number as worker threads by default. Zero: none run
   * by themselves — only {@code engine.regionJobs()} runs them, by hand (the test kit's way).
   */
  public EngineBuilder regionJobThreads(int threads) {
    if (threads < 0) {
      throw new IllegalArgumentException("region job threads must be 0 or more, not " + threads);
    }
    this.regionJobThreads = threads;
    return this;
  }

  /**
   * The queues this engine serves: its workers (and {@code Engine.runDue()}) claim the work of the
   * instances in these queues only, so instances routed to a queue (by {@code CreateOptions}, a
   * schedule's {@code queue}, or {@code queue.name} in {@code clockwork.yaml}) run on the nodes
   * that serve it. Every queue by default. A synchronous {@code send} runs in the caller's thread,
   * whatever the queue. Region jobs of parallel dispatch have queues of their own ({@link
   * #regionJobQueues}).
   */
  public EngineBuilder queues(String... names) {
    options.queues(names);
    return this;
  }

  /**
   * The queues whose region jobs this engine runs (the {@code queue} of {@code parallel_dispatch};
   * a machine that names none uses {@code default}); every queue by default. Routing a machine's
   * jobs to a queue only some nodes serve keeps slow entry actions on those nodes.
   */
  public EngineBuilder regionJobQueues(String... queues) {
    if (queues.length == 0) {
      throw new IllegalArgumentException(
          "regionJobQueues needs at least one queue name (leave it out to serve every queue; use"
              + " regionJobThreads(0) to run no region jobs)");
    }
    this.regionJobQueues = Set.of(queues);
    return this;
  }

  public Engine build() {
    ClockworkConfig file = config;
    EngineOptions built = options.build(file);
    Store chosen = store != null ? store : new InMemoryStore();
    StoreAlignedClock aligned =
        Boolean.FALSE.equals(alignClock) ? null : StoreAlignedClock.on(this.clock, chosen);
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
    Function<String, QueueConfig> queues = machine -> built.queueFor(file, machine);
    LocalLeases local = new LocalLeases();
    LeaseWaiter waiter =
        new LeaseWaiter(
            chosen, clock, built.owner(), built.leaseTime(), built.lockTimeout(), local);
    Function<String, ParallelDispatchConfig> parallel =
        machine -> built.parallelDispatchFor(file, machine);
    TurnServices services = new TurnServices(chosen, machines, local, waiter, parallel, queues);
    TurnEnd end = new TurnEnd(chosen, clock, new CommitPipeline(chosen, heard), heard, services);
    TurnRunner runner = new TurnRunner(clock, services, end, queues, built.eventsPerClaim());
    QueueAdmin admin = new QueueAdmin(chosen, clock, queues, times, activity);
    PeriodicTasks tasks = new PeriodicTasks();
    tasks.add(
        "self-healing pass",
        built.sweepInterval(),
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
            built,
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
    int threads = regionJobThreads != null ? regionJobThreads : built.workers();
    RegionJobWorkers jobWorkers =
        threads == 0
            ? null
            : new RegionJobWorkers(
                chosen,
                clock,
                jobRunner,
                built.owner(),
                threads,
                regionJobQueues,
                jobLease,
                known,
                built.sweepInterval(),
                built.shutdownTimeout());
    BooleanSupplier dispatchInUse =
        () -> machines.ids().stream().anyMatch(m -> parallel.apply(m).enabled());
    return new Engine(
        built,
        file,
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
