package dev.clockwork.runtime.config;

import dev.clockwork.runtime.queue.RetryPolicy;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.function.BiFunction;
import java.util.function.UnaryOperator;

/**
 * How an engine runs: worker threads, leases, the self-healing pass, backpressure and retries.
 * Immutable; every setting has a named default. Set them with {@code Engine.builder().options(o ->
 * o.workers(16))}.
 *
 * <p>Five settings also exist in {@code clockwork.yaml}: {@code retry} (the {@code queue.retry}
 * block), {@code queueName} ({@code queue.name}), {@code timerBatchSize} ({@code
 * timers.batch_size}), {@code sweepInterval} ({@code timers.sweep_interval}) and {@code
 * backpressureThreshold} ({@code timers.backpressure_threshold}). One rule merges them: <b>a value
 * set in code wins over the file, and the file wins over the defaults</b>. A retry policy or a
 * queue name set in code for every machine applies over the file's system and machine blocks alike;
 * a queue name set in code for one machine wins over both.
 *
 * <p>Parallel dispatch ({@code parallel_dispatch:} in the file) follows the same rule per machine
 * and key by key: {@link Builder#parallelDispatch(UnaryOperator)} changes every machine's settings,
 * {@link Builder#parallelDispatch(String, UnaryOperator)} one machine's, each over what the file
 * gives that machine; {@link #parallelDispatchFor} resolves them.
 *
 * @param workers worker threads started by {@code Engine.start()}: up to this many instances are
 *     processed at once by this engine (default 16)
 * @param owner the name leases are taken under (default {@code <pid@host>-<random>})
 * @param leaseTime how long a lease lasts without renewal (default 30 s); a crashed worker's
 *     instances are taken over after it
 * @param lockTimeout how long a synchronous send or emit waits for a busy instance (default 10 s)
 * @param eventsPerClaim events a worker processes per turn on one instance (default 20)
 * @param timerBatchSize instances claimed per round by {@code Engine.runDue()} and {@code clockwork
 *     timers process} (default 100)
 * @param sweepInterval how often workers run the self-healing pass and check the backpressure
 *     threshold (default 500 ms)
 * @param pollInterval the longest an idle worker waits before looking for work again (default 1 s)
 * @param backpressureThreshold pending events above which timers wait (default 10,000)
 * @param shutdownTimeout how long {@code close()} lets turns in progress finish before it
 *     interrupts them and gives their events back unspent (default 10 s)
 * @param retry how failed events are retried, for every machine; null to follow {@code
 *     clockwork.yaml} (or the default: 3 attempts, exponential from 1 s)
 * @param upgradeOnStart whether {@code Engine.start()} first moves instances of older machine
 *     versions onto the newest (default true; with millions of instances, turn it off and run
 *     {@code Engine.upgradeInstances} from a deploy job instead)
 * @param parallelDispatchInCode the parallel dispatch settings made in code, as a change to the
 *     file's: given a machine and the settings the file gives it, the settings it runs with (the
 *     file's unchanged when code made none); read them with {@link #parallelDispatchFor}
 * @param routing the queues this engine serves (default every queue) and the default queues set in
 *     code, which win over {@code queue.name} in the file as every setting made in code does
 */
public record EngineOptions(
    int workers,
    String owner,
    Duration leaseTime,
    Duration lockTimeout,
    int eventsPerClaim,
    int timerBatchSize,
    Duration sweepInterval,
    Duration pollInterval,
    long backpressureThreshold,
    Duration shutdownTimeout,
    RetryPolicy retry,
    boolean upgradeOnStart,
    BiFunction<String, ParallelDispatchConfig, ParallelDispatchConfig> parallelDispatchInCode,
    QueueRouting routing) {

  public EngineOptions {
    positive("workers", workers);
    positive("eventsPerClaim", eventsPerClaim);
    positive("timerBatchSize", timerBatchSize);
    positive("backpressureThreshold", backpressureThreshold);
    Objects.requireNonNull(owner, "owner");
    positive("leaseTime", leaseTime);
    positive("lockTimeout", lockTimeout);
    positive("sweepInterval", sweepInterval);
    positive("pollInterval", pollInterval);
    positive("shutdownTimeout", shutdownTimeout);
    Objects.requireNonNull(parallelDispatchInCode, "parallelDispatchInCode");
    Objects.requireNonNull(routing, "routing");
  }

  public static Builder builder() {
    return new Builder();
  }

  private static void positive(String name, long value) {
    if (value < 1) {
      throw new IllegalArgumentException(name + " must be 1 or more, not " + value);
    }
  }

  private static void positive(String name, Duration value) {
    Objects.requireNonNull(value, name);
    if (value.isNegative() || value.isZero()) {
      throw new IllegalArgumentException(name + " must be a positive duration, not " + value);
    }
  }

  /** Builds {@link EngineOptions}; unset values take their defaults, or the file's (see above). */
  public static final class Builder {
    private int workers = 16;
    private String owner =
        ManagementFactory.getRuntimeMXBean().getName()
            + "-"
            + UUID.randomUUID().toString().substring(0, 8);
    private Duration leaseTime = Duration.ofSeconds(30);
    private Duration lockTimeout = Duration.ofSeconds(10);
    private int eventsPerClaim = 20;
    private Duration pollInterval = Duration.ofSeconds(1);
    private Duration shutdownTimeout = Duration.ofSeconds(10);
    private Integer timerBatchSize;
    private Duration sweepInterval;
    private Long backpressureThreshold;
    private RetryPolicy retry;
    private boolean upgradeOnStart = true;
    private UnaryOperator<ParallelDispatchConfig> parallelDispatchAll = UnaryOperator.identity();
    private final Map<String, UnaryOperator<ParallelDispatchConfig>> parallelDispatchByMachine =
        new LinkedHashMap<>();
    private QueueRouting routing = QueueRouting.DEFAULT;

    private Builder() {}

    /**
     * The queues this engine serves: its workers (and {@code runDue}) claim the work of instances
     * in these queues only. Every queue by default.
     */
    public Builder queues(String... names) {
      this.routing = routing.withServed(new LinkedHashSet<>(Arrays.asList(names)));
      return this;
    }

    /**
     * The queue every machine's new instances go to unless created with a queue of their own; wins
     * over {@code queue.name} in {@code clockwork.yaml}, the system's and the machines' alike.
     */
    public Builder queueName(String queue) {
      this.routing = routing.withName(queue);
      return this;
    }

    /** The queue {@code machine}'s new instances go to; wins over every other default queue. */
    public Builder queueName(String machine, String queue) {
      Objects.requireNonNull(machine, "machine");
      this.routing = routing.withName(machine, queue);
      return this;
    }

    /** Whether {@code Engine.start()} upgrades instances of older versions first (default true). */
    public Builder upgradeOnStart(boolean upgrade) {
      this.upgradeOnStart = upgrade;
      return this;
    }

    public Builder workers(int threads) {
      this.workers = threads;
      return this;
    }

    public Builder owner(String name) {
      this.owner = name;
      return this;
    }

    public Builder leaseTime(Duration duration) {
      this.leaseTime = duration;
      return this;
    }

    public Builder lockTimeout(Duration duration) {
      this.lockTimeout = duration;
      return this;
    }

    public Builder eventsPerClaim(int events) {
      this.eventsPerClaim = events;
      return this;
    }

    public Builder pollInterval(Duration duration) {
      this.pollInterval = duration;
      return this;
    }

    public Builder shutdownTimeout(Duration duration) {
      this.shutdownTimeout = duration;
      return this;
    }

    /** Wins over {@code timers.batch_size} in {@code clockwork.yaml}. */
    public Builder timerBatchSize(int instances) {
      this.timerBatchSize = instances;
      return this;
    }

    /** Wins over {@code timers.sweep_interval} in {@code clockwork.yaml}. */
    public Builder sweepInterval(Duration duration) {
      this.sweepInterval = duration;
      return this;
    }

    /** Wins over {@code timers.backpressure_threshold} in {@code clockwork.yaml}. */
    public Builder backpressureThreshold(long pendingEvents) {
      this.backpressureThreshold = pendingEvents;
      return this;
    }

    /** Wins over every {@code queue.retry} block of {@code clockwork.yaml}, for every machine. */
    public Builder retry(RetryPolicy policy) {
      this.retry = Objects.requireNonNull(policy, "retry");
      return this;
    }

    /**
     * Sets every machine's parallel dispatch settings, every key of them: the file's {@code
     * parallel_dispatch:} blocks no longer apply (per-machine changes made here still do). To
     * change some keys and keep the file's others, use {@link #parallelDispatch(UnaryOperator)}.
     */
    public Builder parallelDispatch(ParallelDispatchConfig settings) {
      Objects.requireNonNull(settings, "parallelDispatch");
      return parallelDispatch(ignored -> settings);
    }

    /**
     * Changes every machine's parallel dispatch settings: {@code change} gets the settings the file
     * gives a machine (system block, machine block, defaults) and returns those it runs with, e.g.
     * {@code p -> p.withEnabled(true)}. Keys it leaves alone keep the file's values; calls add up.
     */
    public Builder parallelDispatch(UnaryOperator<ParallelDispatchConfig> change) {
      Objects.requireNonNull(change, "parallelDispatch");
      parallelDispatchAll = then(parallelDispatchAll, change);
      return this;
    }

    /**
     * Changes one machine's parallel dispatch settings, after the file and after {@link
     * #parallelDispatch(UnaryOperator)}: e.g. {@code o.parallelDispatch("order", p ->
     * p.withJobTries(5))}. Calls for one machine add up.
     */
    public Builder parallelDispatch(String machine, UnaryOperator<ParallelDispatchConfig> change) {
      Objects.requireNonNull(machine, "machine");
      Objects.requireNonNull(change, "parallelDispatch");
      parallelDispatchByMachine.merge(machine, change, Builder::then);
      return this;
    }

    private static UnaryOperator<ParallelDispatchConfig> then(
        UnaryOperator<ParallelDispatchConfig> first, UnaryOperator<ParallelDispatchConfig> next) {
      return settings -> next.apply(first.apply(settings));
    }

    /** The options with the file's values where code set none. */
    public EngineOptions build(ClockworkConfig file) {
      ClockworkConfig.TimerSettings timers = file.timers();
      EngineOptions options =
          new EngineOptions(
              workers,
              owner,
              leaseTime,
              lockTimeout,
              eventsPerClaim,
              timerBatchSize != null ? timerBatchSize : timers.batchSize(),
              sweepInterval != null ? sweepInterval : timers.sweepInterval(),
              pollInterval,
              backpressureThreshold != null
                  ? backpressureThreshold
                  : timers.backpressureThreshold(),
              shutdownTimeout,
              retry,
              upgradeOnStart,
              parallelDispatchInCode(),
              routing);
      // a change made in code that gives an invalid value fails here, not when a region first runs
      options.resolveParallelDispatch(file, null);
      parallelDispatchByMachine.keySet().forEach(m -> options.resolveParallelDispatch(file, m));
      return options;
    }

    /**
     * The parallel dispatch changes made in code, frozen: later builder calls do not reach them.
     */
    private BiFunction<String, ParallelDispatchConfig, ParallelDispatchConfig>
        parallelDispatchInCode() {
      UnaryOperator<ParallelDispatchConfig> all = parallelDispatchAll;
      Map<String, UnaryOperator<ParallelDispatchConfig>> byMachine =
          Map.copyOf(parallelDispatchByMachine);
      return (machine, fromFile) -> {
        ParallelDispatchConfig everyMachine = all.apply(fromFile);
        UnaryOperator<ParallelDispatchConfig> own = machine == null ? null : byMachine.get(machine);
        return own == null ? everyMachine : own.apply(everyMachine);
      };
    }

    /** The options with the defaults where code set none. */
    public EngineOptions build() {
      return build(ClockworkConfig.defaults());
    }
  }

  /**
   * A machine's parallel dispatch settings: those set in code, then the file's machine block, then
   * its system block, then the defaults ({@link ParallelDispatchConfig#DEFAULT}), key by key.
   *
   * @throws IllegalArgumentException when a change made in code gives an invalid value, naming the
   *     machine
   */
  public ParallelDispatchConfig parallelDispatchFor(ClockworkConfig file, String machine) {
    return resolveParallelDispatch(file, Objects.requireNonNull(machine, "machine"));
  }

  /** {@link #parallelDispatchFor}; a null machine stands for one the file has no block for. */
  private ParallelDispatchConfig resolveParallelDispatch(ClockworkConfig file, String machine) {
    ParallelDispatchConfig resolved;
    try {
      resolved = parallelDispatchInCode.apply(machine, file.parallelDispatch(machine));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(inCode(machine) + e.getMessage(), e);
    }
    if (resolved == null) {
      throw new IllegalArgumentException(
          inCode(machine) + "a change returned null; return the settings it was given instead");
    }
    return resolved;
  }

  private static String inCode(String machine) {
    return machine == null
        ? "parallel dispatch settings set in code: "
        : "parallel dispatch settings of machine '" + machine + "' set in code: ";
  }

  /**
   * A machine's queue settings from the file, with the retry policy and the default queue set in
   * code, if any.
   */
  public QueueConfig queueFor(ClockworkConfig file, String machine) {
    QueueConfig fromFile = file.queueFor(machine);
    QueueConfig settings = retry == null ? fromFile : fromFile.withRetry(retry);
    String name = routing.nameFor(machine, settings.name());
    return name.equals(settings.name()) ? settings : settings.withName(name);
  }
}
