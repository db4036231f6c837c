package dev.clockwork.runtime;

import dev.clockwork.core.behavior.Behaviors;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.input.ReservedNames;
import dev.clockwork.runtime.config.ConfigException;
import dev.clockwork.runtime.config.Settings;
import dev.clockwork.runtime.config.SettingsBuilder;
import dev.clockwork.runtime.error.EventFailedException;
import dev.clockwork.runtime.instance.NamespacedIds;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.internal.MachineRegistry;
import dev.clockwork.runtime.internal.engine.EngineInputs;
import dev.clockwork.runtime.internal.engine.EngineParts;
import dev.clockwork.runtime.internal.engine.EngineWiring;
import dev.clockwork.runtime.listener.EngineListener;
import dev.clockwork.runtime.listener.Subscription;
import dev.clockwork.runtime.metrics.MicrometerQueueMetrics;
import dev.clockwork.runtime.parallel.RegionJobs;
import dev.clockwork.runtime.queue.EventRequest;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.Archiver;
import dev.clockwork.runtime.store.Store;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Runs machine instances over a {@link Store}. Every event goes through its instance's queue and is
 * processed as one macrostep, under a lease, committed atomically with everything it produced.
 * Every clock read goes through the injected {@link Clock}.
 *
 * <pre>{@code
 * Engine engine = Engine.builder().register(order).store(store).build();
 * Instance created = engine.create("order");
 * engine.enqueue(created.id(), Event.of("SUBMIT")); // durable now, processed by the workers
 * engine.start();                                   // worker threads: claims, leases, timers
 * }</pre>
 *
 * <p>What is not about one event is grouped where a user looks for it: {@link #machines()}, {@link
 * #instances()}, {@link #admin()} (queues, timers, operator log), {@link #regionJobs()} and {@link
 * #tasks()}. Without {@link #start()}, nothing runs by itself: tests and cron-driven deployments
 * call {@link #runDue} themselves.
 */
public final class Engine implements AutoCloseable {
  private final EngineParts parts;
  private final Machines machines;
  private final Instances instances;
  private final Admin admin;
  private final EngineTasks tasks;

  private Engine(EngineParts parts) {
    this.parts = parts;
    this.machines =
        new Machines(
            parts.machines(),
            parts.upgrades(),
            parts.deployments(),
            parts.migrations(),
            parts.store().definitions());
    this.instances = new Instances(parts.store(), parts.events(), NamespacedIds.DEFAULT);
    this.admin =
        new Admin(
            parts.queues(),
            parts.store(),
            parts.clock(),
            new ReservedCreations(parts.creations()),
            parts.due()::next,
            this::namespace);
    this.tasks = new EngineTasks(parts.periodicTasks(), parts.startTasks(), parts.retentionSteps());
  }

  public static Builder builder() {
    return new Builder();
  }

  /** The clock every timer, lease and history row is measured by. */
  public Clock clock() {
    return parts.clock();
  }

  /** Its settings, resolved once when it was built: code over the file over the defaults. */
  public Settings settings() {
    return parts.settings();
  }

  /** The machines it runs: register another version, the newest, upgrades. */
  public Machines machines() {
    return machines;
  }

  /** Creates an instance of the newest version of {@code machine} with a random id. */
  public Instance create(String machine) {
    return create(NewInstance.of(machine));
  }

  /**
   * Creates an instance: enters its initial states (their entry actions run), arms their timers,
   * and stores it with the children and events its first step asked for, in one commit. An id that
   * exists fails with {@link dev.clockwork.runtime.store.DuplicateInstanceException}, so a
   * deterministic id (one per schedule occurrence) starts one instance however often it is tried.
   */
  public Instance create(NewInstance request) {
    return Instance.of(parts.creations().create(request));
  }

  /**
   * Creates instances as {@link #create(NewInstance)} does, in one store commit: many cost about
   * what one does. Each is refused ({@link CreateOutcome#duplicate()}: its id exists) or fails (an
   * unknown machine, an entry action that throws) on its own, leaving the others created.
   *
   * @return per request, in order, what became of it
   */
  public List<CreateOutcome> createAll(List<NewInstance> requests) {
    return parts.creations().createAll(requests).stream().map(CreateOutcome::of).toList();
  }

  /** Processes {@code event} now; see {@link #send(EventRequest)}. */
  public SendResult send(String instanceId, Event event) {
    return send(EventRequest.to(instanceId, event));
  }

  /**
   * Processes one event now, in the caller's thread, under the instance's lease (waiting up to the
   * lock timeout for a worker to finish with it), and returns the instance after it. When an action
   * throws, nothing is changed, the failure is recorded in the history, and an {@link
   * EventFailedException} (or the Clockwork exception itself) is thrown. A request's idempotency
   * key makes it safe to retry ({@link EventRequest#idempotencyKey()}). The engine's own events
   * ({@code @…}, {@code done.state.…}, {@code fail.state.…}) are refused with a {@link
   * dev.clockwork.core.input.ReservedNameException}.
   */
  public SendResult send(EventRequest request) {
    ReservedNames.checkSendable(request.event().type());
    return SendResult.of(parts.events().send(request.stored()));
  }

  /** Queues {@code event}; see {@link #enqueue(EventRequest)}. */
  public QueuedEvent enqueue(String instanceId, Event event) {
    return enqueue(EventRequest.to(instanceId, event));
  }

  /**
   * Appends an event to the instance's queue and returns at once; the event is durable when this
   * returns and is processed in order by a worker (or by {@link #runDue}). It never waits for a
   * turn in progress on the instance; with an idempotency key already used, the first event's id
   * comes back. Listeners may store headers with it (a trace context: {@link
   * EngineListener#enqueuing}).
   */
  public QueuedEvent enqueue(EventRequest request) {
    ReservedNames.checkSendable(request.event().type());
    return parts.events().enqueue(request.stored());
  }

  /** Its instances: one by id, lists, statuses, history, event statuses, cancel, terminate. */
  public Instances instances() {
    return instances;
  }

  /**
   * Operating it, across every namespace: queues (dead letters, pause, purges, health), timers, the
   * operator log. Ids in what it lists are stored ids ({@link NamespacedIds#idOf} gives the id and
   * {@link NamespacedIds#namespaceOf} the namespace).
   */
  public Admin admin() {
    return admin;
  }

  /**
   * One namespace of it: a tenant's instances, events, dead letters, timers and audit, none of
   * another's. What {@link #create}, {@link #send}, {@link #enqueue} and {@link #instances()} do
   * for the default namespace, {@code engine.namespace("tenant-a")} does for {@code tenant-a}.
   *
   * @throws IllegalArgumentException when {@code name} is not a namespace name
   */
  public Namespace namespace(String name) {
    return new Namespace(
        NamespacedIds.checkedName(name),
        this,
        new Instances(parts.store(), parts.events(), name),
        parts.store(),
        parts.clock());
  }

  /** The region jobs of parallel dispatch: what waits, and running one by hand. */
  public RegionJobs regionJobs() {
    return parts.regionJobs();
  }

  /** Adds a listener to the running engine until the handle is closed (see {@link Builder}). */
  public Subscription listen(EngineListener listener) {
    return parts.listeners().add(Objects.requireNonNull(listener, "listener"));
  }

  /**
   * Processes in this thread, until nothing is due, every event and timer fire due now of the
   * instances of {@code machines} (none named: every registered machine), for tests and cron-driven
   * deployments; concurrency caps and served queues hold as for workers. Returns how many ran.
   */
  public int runDue(String... machines) {
    return parts.due().run(machines);
  }

  /**
   * Checks that every machine {@code clockwork.yaml} configures is registered, upgrades older
   * instances, runs the {@linkplain EngineTasks#addStartTask start tasks}, then starts the worker
   * threads: they claim and run due instances, renew their leases, and run the periodic tasks.
   */
  public Engine start() {
    parts.lifecycle().start();
    return this;
  }

  /** Stops claiming, lets turns finish for the shutdown timeout (then gives their events back). */
  @Override
  public void close() {
    parts.lifecycle().stop();
  }

  /** Work that modules extending the engine hand it: periodic tasks and start tasks. */
  public EngineTasks tasks() {
    return tasks;
  }

  /**
   * Configures an engine; the defaults are an in-memory store, the system clock, and the queue
   * seed's settings whether or not a {@code clockwork.yaml} is given. It only collects; {@link
   * #build()} resolves the settings once and wires the engine.
   */
  public static final class Builder {
    private Store store;
    private Clock clock = Clock.systemUTC();
    private boolean clockGiven;
    private final MachineRegistry machines = new MachineRegistry();
    private final SettingsBuilder code = new SettingsBuilder();
    private Settings config = Settings.defaults();
    private final List<EngineListener> listeners = new ArrayList<>();
    private MicrometerQueueMetrics metrics;
    private Archiver archiver;
    private Behaviors behaviors = Behaviors.none();

    private Builder() {}

    public Builder store(Store chosen) {
      this.store = Objects.requireNonNull(chosen, "store");
      return this;
    }

    /**
     * The clock every timer, lease and history row is measured by (inject a virtual one in tests).
     * Once one is given, the engine follows it as it is, unless {@code
     * workers.align_clock_with_store} turns the store's clock on.
     */
    public Builder clock(Clock chosen) {
      this.clock = Objects.requireNonNull(chosen, "clock");
      this.clockGiven = true;
      return this;
    }

    public Builder register(MachineDefinition... definitions) {
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
    public Builder settings(Consumer<SettingsBuilder> settings) {
      settings.accept(code);
      return this;
    }

    /**
     * The settings of {@code clockwork.yaml} ({@link Settings#load}) or of Spring Boot's
     * properties. Values set with {@link #settings(Consumer)} win over them.
     */
    public Builder config(Settings file) {
      this.config = Objects.requireNonNull(file, "config");
      return this;
    }

    /**
     * The named guards, actions and timer values of this node: machines deployed as data (by
     * another node, {@code clockwork machine deploy} or the HTTP API) that name only these and the
     * built-ins run here; one that names others is shown and not run (health says which).
     */
    public Builder behaviors(Behaviors named) {
      this.behaviors = Objects.requireNonNull(named, "named");
      return this;
    }

    /** Adds a listener; any number may listen. */
    public Builder listener(EngineListener listener) {
      listeners.add(Objects.requireNonNull(listener, "listener"));
      return this;
    }

    /**
     * Where retention archives finished instances and trimmed history before it deletes them: a
     * sink of your own (object storage, Kafka). Wins over {@code retention.archive}, which names a
     * directory of gzip JSON Lines files; without either, nothing is archived.
     */
    public Builder archiver(Archiver sink) {
      this.archiver = Objects.requireNonNull(sink, "sink");
      return this;
    }

    /** Publishes the queue seed's metrics to {@code registry} ({@link MicrometerQueueMetrics}). */
    public Builder metrics(MeterRegistry registry) {
      this.metrics = new MicrometerQueueMetrics(Objects.requireNonNull(registry, "registry"));
      return this;
    }

    /**
     * The engine, its settings resolved once: the defaults, then {@link #config}'s, then those set
     * in code ({@link ConfigException} naming the key path and the fix when one is wrong).
     */
    public Engine build() {
      Settings settings = config.with(code);
      return new Engine(
          EngineWiring.wire(
              new EngineInputs(
                  store,
                  clock,
                  clockGiven,
                  machines,
                  behaviors,
                  settings,
                  listeners,
                  metrics,
                  archiver)));
    }
  }
}
