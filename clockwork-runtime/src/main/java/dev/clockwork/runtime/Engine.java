package dev.clockwork.runtime;

import dev.clockwork.core.ClockworkException;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.definition.ParallelEvents;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.interpreter.InstanceStatus;
import dev.clockwork.runtime.admin.OperatorLog;
import dev.clockwork.runtime.admin.QueueAdmin;
import dev.clockwork.runtime.admin.TimerAdmin;
import dev.clockwork.runtime.config.QueueStrategy;
import dev.clockwork.runtime.config.Settings;
import dev.clockwork.runtime.config.WorkerSettings;
import dev.clockwork.runtime.error.InvalidEventPayloadException;
import dev.clockwork.runtime.error.UnknownEventException;
import dev.clockwork.runtime.error.UnknownEventIdException;
import dev.clockwork.runtime.error.UnknownInstanceException;
import dev.clockwork.runtime.instance.CreateOptions;
import dev.clockwork.runtime.instance.InstanceMetadata;
import dev.clockwork.runtime.instance.InstanceQuery;
import dev.clockwork.runtime.internal.BatchCreation;
import dev.clockwork.runtime.internal.ChildIds;
import dev.clockwork.runtime.internal.ConversationIds;
import dev.clockwork.runtime.internal.Delegation;
import dev.clockwork.runtime.internal.MachineRegistry;
import dev.clockwork.runtime.internal.TurnEnd;
import dev.clockwork.runtime.internal.TurnRunner;
import dev.clockwork.runtime.internal.worker.PeriodicTasks;
import dev.clockwork.runtime.internal.worker.StartTasks;
import dev.clockwork.runtime.internal.worker.Workers;
import dev.clockwork.runtime.listener.EngineListener;
import dev.clockwork.runtime.listener.Subscription;
import dev.clockwork.runtime.parallel.RegionJobWorkers;
import dev.clockwork.runtime.parallel.RegionJobs;
import dev.clockwork.runtime.queue.EventStatus;
import dev.clockwork.runtime.queue.Priority;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.Claim;
import dev.clockwork.runtime.store.ClaimRequest;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.InstanceRecord;
import dev.clockwork.runtime.store.Store;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

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
 * <p>Without {@link #start()}, nothing runs by itself: tests and cron-driven deployments call
 * {@link #runDue()} themselves.
 */
public final class Engine implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(Engine.class);

  private final Settings settings;
  private final Store store;
  private final Clock clock;
  private final MachineRegistry machines;
  private final TurnRunner runner;
  private final Workers workers;
  private final PeriodicTasks tasks;
  private final QueueAdmin queues;
  private final RegionJobs regionJobs;
  private final RegionJobWorkers regionJobWorkers;
  private final java.util.function.BooleanSupplier dispatchInUse;
  private final EngineListener listeners;
  private final StartTasks startTasks = new StartTasks();

  Engine(
      Settings settings,
      Store store,
      Clock clock,
      MachineRegistry machines,
      TurnRunner runner,
      Workers workers,
      PeriodicTasks tasks,
      QueueAdmin queues,
      RegionJobs regionJobs,
      RegionJobWorkers regionJobWorkers,
      java.util.function.BooleanSupplier dispatchInUse,
      EngineListener listeners) {
    this.settings = settings;
    this.store = store;
    this.clock = clock;
    this.machines = machines;
    this.runner = runner;
    this.workers = workers;
    this.tasks = tasks;
    this.queues = queues;
    this.regionJobs = regionJobs;
    this.regionJobWorkers = regionJobWorkers;
    this.dispatchInUse = dispatchInUse;
    this.listeners = listeners;
  }

  /**
   * The region jobs of parallel dispatch: what waits, and running one by hand (tests, operators).
   */
  public RegionJobs regionJobs() {
    return regionJobs;
  }

  public static EngineBuilder builder() {
    return new EngineBuilder();
  }

  /**
   * The settings this engine runs with, resolved once when it was built: those set in code over
   * {@code clockwork.yaml}'s (or Spring Boot's properties), defaults filling the rest.
   */
  public Settings settings() {
    return settings;
  }

  /** The clock every timer, lease and history row is measured by. */
  public Clock clock() {
    return clock;
  }

  /** Registers (another version of) a machine. */
  public void register(MachineDefinition definition) {
    machines.register(definition);
  }

  /** The newest registered version of a machine. */
  public MachineDefinition machine(String machine) {
    return machines.latest(machine);
  }

  /** The ids of every registered machine, sorted. */
  public List<String> machineIds() {
    return machines.ids().stream().sorted().toList();
  }

  /** Operating the queues: status, pause/resume, dead letters, purges, health. */
  public QueueAdmin queues() {
    return queues;
  }

  /** The armed timers, for operators: all, due soon, overdue. */
  public TimerAdmin timers() {
    return new TimerAdmin(store, clock);
  }

  /** The durable operator audit: who retried, purged, paused or triggered what. */
  public OperatorLog operatorLog() {
    return new OperatorLog(store, clock);
  }

  // ---- instances ----

  /** Creates an instance of the newest version of {@code machine} with a random id. */
  public Instance create(String machine) {
    return create(machine, null, Map.of());
  }

  /**
   * Creates an instance: enters its initial states (their entry actions run), arms their timers,
   * and stores it with the children and events its first step asked for, in one commit. It is
   * served from its machine's default queue and carries no labels, memo or search attributes.
   *
   * @param id the instance id, or null for a random one
   * @param input values merged over the definition's initial context
   */
  public Instance create(String machine, String id, Map<String, ?> input) {
    return create(machine, id, input, CreateOptions.DEFAULTS);
  }

  /**
   * Creates an instance whose history begins with {@code origin}: what started it (a schedule's
   * {@code ScheduleTriggered} with its payload, for instance). Creating an id that exists fails
   * with {@link dev.clockwork.runtime.store.DuplicateInstanceException}, which makes deterministic
   * ids (one per schedule occurrence) start one instance however often they are tried. The instance
   * starts a new conversation.
   */
  public Instance create(String machine, String id, Map<String, ?> input, Event origin) {
    return create(machine, id, input, CreateOptions.builder().origin(origin).build());
  }

  /**
   * Creates an instance as {@link #create(String, String, Map)} does, with {@code options}: the
   * queue it is served from (when the options name none, its machine's default queue: {@code
   * machines.<id>.queue.name} in {@code clockwork.yaml} or set in code, else the system's {@code
   * queue.name}, else {@code default}), its labels, memo and search attributes, and its origin. It
   * starts a new conversation; an id that exists fails with {@link
   * dev.clockwork.runtime.store.DuplicateInstanceException}.
   *
   * @param id the instance id, or null for a random one
   */
  public Instance create(String machine, String id, Map<String, ?> input, CreateOptions options) {
    Objects.requireNonNull(options, "options");
    return create(machine, id, input, options, ConversationIds.next());
  }

  /**
   * Creates an instance in an existing conversation: emits from its actions to a machine by name
   * ({@code Target.machine("payment")}) find the conversation's instance of that machine.
   *
   * @param id the instance id, or null for a random one
   */
  public Instance createInConversation(
      String conversationId, String machine, String id, Map<String, ?> input) {
    return create(
        machine, id, input, CreateOptions.DEFAULTS, ConversationIds.checked(conversationId));
  }

  private Instance create(
      String machine,
      String id,
      Map<String, ?> input,
      CreateOptions options,
      String conversationId) {
    MachineDefinition definition = machines.latest(machine);
    String instanceId = id != null ? id : machine + ":" + UUID.randomUUID();
    ChildIds.checkTopLevel(instanceId);
    InstanceMetadata metadata = options.metadata(settings.queue(machine).name());
    TurnRunner.Created created =
        runner.create(definition, instanceId, conversationId, metadata, input, options.origin());
    return Instance.of(created.instance(), created.dispatched());
  }

  /**
   * Creates instances as {@link #create(String, String, Map, Event)} does, each in a conversation
   * of its own, in one store commit: many creations cost about what one does. Each is refused or
   * fails on its own: an id that exists ({@link CreateOutcome#duplicate()}, where {@code create}
   * throws {@link dev.clockwork.runtime.store.DuplicateInstanceException}) or a failure (an unknown
   * machine, an entry action that throws, a store failure when the creation was written alone)
   * leaves the others created.
   *
   * @return per creation, in order, what became of it
   */
  public List<CreateOutcome> createAll(List<NewInstance> creations) {
    List<CreateOutcome> outcomes = new ArrayList<>(creations.size());
    List<BatchCreation.Request> requests = new ArrayList<>(creations.size());
    List<Integer> at = new ArrayList<>(creations.size());
    for (NewInstance creation : creations) {
      String instanceId =
          creation.id() != null ? creation.id() : creation.machine() + ":" + UUID.randomUUID();
      try {
        MachineDefinition definition = machines.latest(creation.machine());
        ChildIds.checkTopLevel(instanceId);
        requests.add(
            new BatchCreation.Request(
                definition,
                instanceId,
                ConversationIds.next(),
                creation.options().metadata(settings.queue(creation.machine()).name()),
                creation.input(),
                creation.options().origin()));
        at.add(outcomes.size());
        outcomes.add(null);
      } catch (RuntimeException e) {
        outcomes.add(new CreateOutcome(instanceId, null, e));
      }
    }
    List<BatchCreation.Result> results = runner.createAll(requests);
    for (int k = 0; k < results.size(); k++) {
      BatchCreation.Result result = results.get(k);
      TurnRunner.Created created = result.created();
      outcomes.set(
          at.get(k),
          new CreateOutcome(
              requests.get(k).id(),
              created == null ? null : Instance.of(created.instance(), created.dispatched()),
              result.failure()));
    }
    return outcomes;
  }

  /** The oldest instance of {@code machine} in a conversation: the one emits to it reach. */
  public Optional<Instance> findInConversation(String conversationId, String machine) {
    return store.instances().findInConversation(conversationId, machine).map(Instance::of);
  }

  /**
   * The instances {@code query} asks for, sorted by id: those of a machine (or every machine) that
   * carry the labels and search attributes it names, a page at a time ({@link
   * InstanceQuery#after}).
   */
  public List<Instance> instances(InstanceQuery query) {
    Objects.requireNonNull(query, "query");
    return store.instances().search(query).stream().map(Instance::of).toList();
  }

  /** The instance as stored now. */
  public Instance instance(String instanceId) {
    return Instance.of(load(instanceId));
  }

  /**
   * The status of each instance among {@code instanceIds} that exists (instances that do not are
   * left out), in one store read where the store can.
   */
  public Map<String, InstanceStatus> statuses(Collection<String> instanceIds) {
    return store.instances().statuses(instanceIds);
  }

  /**
   * How many events wait in the instance's queue, those waiting for a retry included.
   *
   * @throws UnknownInstanceException when the instance does not exist
   */
  public long pendingEvents(String instanceId) {
    load(instanceId);
    return store.queue().pendingEvents(instanceId);
  }

  /** The instance's full history, oldest first. */
  public List<HistoryEntry> history(String instanceId) {
    load(instanceId);
    return store.instances().history(instanceId, 0, Integer.MAX_VALUE);
  }

  /**
   * A page of the instance's history: up to {@code limit} rows with a sequence above {@code
   * afterSequence}, oldest first, internal events included. The next page starts after the last
   * row's sequence.
   *
   * @throws UnknownInstanceException when the instance does not exist
   */
  public List<HistoryEntry> history(String instanceId, long afterSequence, int limit) {
    if (afterSequence < 0 || limit < 1) {
      throw new IllegalArgumentException(
          "history pages start after a sequence of 0 or more and hold 1 row or more, not after "
              + afterSequence
              + " with "
              + limit);
    }
    load(instanceId);
    return store.instances().history(instanceId, afterSequence, limit);
  }

  /**
   * The rows of the instance's history about events of {@code type}, oldest first: e.g. {@code
   * PARALLEL_CONTEXT_CONFLICT} for the context conflicts of parallel dispatch (see {@link
   * dev.clockwork.core.definition.ParallelEvents}).
   */
  public List<HistoryEntry> history(String instanceId, String type) {
    Objects.requireNonNull(type, "type");
    return history(instanceId).stream().filter(row -> type.equals(row.event())).toList();
  }

  /**
   * Where the event {@code eventId} (the id {@link #enqueue} returned) is now: pending, retrying,
   * applied (with its history row), dead-lettered or discarded.
   *
   * @throws UnknownInstanceException when the instance does not exist
   * @throws UnknownEventIdException when the instance never had such an event
   */
  public EventStatus event(String instanceId, long eventId) {
    load(instanceId);
    return store
        .queue()
        .eventStatus(instanceId, eventId)
        .orElseThrow(() -> new UnknownEventIdException(instanceId, eventId));
  }

  // ---- events ----

  /** Sends an event with no payload; see {@link #send(String, Event)}. */
  public SendResult send(String instanceId, String eventType) {
    return send(instanceId, Event.of(eventType));
  }

  /**
   * Processes one event now, in the caller's thread, under the instance's lease (waiting up to the
   * lock timeout for a worker to finish with it), and returns the instance after it. When an action
   * throws, nothing is changed, the failure is recorded in the history, and an {@link
   * dev.clockwork.runtime.error.EventFailedException} (or the Clockwork exception itself) is
   * thrown.
   */
  public SendResult send(String instanceId, Event event) {
    return send(instanceId, event, null);
  }

  /**
   * {@link #send(String, Event)} made safe to retry: the first send with {@code idempotencyKey} for
   * the instance is processed; any later one (even a concurrent one) is not, and gets the first
   * one's outcome ({@code handled} and the reply) with the instance as it is now.
   *
   * @throws dev.clockwork.runtime.error.IdempotencyConflictException when the key was used for
   *     another event, or by a queued event not processed yet
   */
  public SendResult send(String instanceId, Event event, String idempotencyKey) {
    Objects.requireNonNull(event, "event");
    checkKnown(load(instanceId), event);
    TurnRunner.Sent sent = runner.send(instanceId, event, idempotencyKey);
    return new SendResult(
        Instance.of(sent.instance(), sent.dispatched()), sent.handled(), sent.reply());
  }

  /**
   * Cancels an instance through its queue: after the events queued before it, its timers are
   * cancelled, its child machines too, and it takes no further events.
   */
  public QueuedEvent cancel(String instanceId) {
    return enqueue(instanceId, Event.of(Delegation.CANCEL));
  }

  /** Cancels an instance now, ahead of anything queued (under its lease, like a send). */
  public Instance terminate(String instanceId) {
    return send(instanceId, Event.of(Delegation.CANCEL)).instance();
  }

  /**
   * Appends an event to the instance's queue and returns at once; the event is durable when this
   * returns and is processed in order by a worker (or by {@link #runDue()}). It never waits for a
   * turn in progress on the instance. Listeners may store headers with it (a trace context: {@link
   * EngineListener#enqueuing}).
   */
  public QueuedEvent enqueue(String instanceId, Event event) {
    return enqueue(instanceId, event, Priority.NORMAL);
  }

  /**
   * {@link #enqueue(String, Event)} with a priority; it counts only for machines whose queue
   * strategy is {@code priority} (for fifo machines every event is normal).
   */
  public QueuedEvent enqueue(String instanceId, Event event, Priority priority) {
    return enqueue(instanceId, event, priority, null);
  }

  /**
   * {@link #enqueue(String, Event, Priority)} made safe to retry: with an idempotency key already
   * used for the instance nothing is queued and the first event's id comes back (an HTTP API
   * answers {@code 202} with it again).
   */
  public QueuedEvent enqueue(
      String instanceId, Event event, Priority priority, String idempotencyKey) {
    return enqueue(instanceId, event, priority, idempotencyKey, "api");
  }

  /**
   * {@link #enqueue(String, Event, Priority, String)} recording who sent the event as its {@code
   * source} (an HTTP API records {@code api:<principal>}), kept with the queued event, its dead
   * letter and its status.
   *
   * @throws dev.clockwork.runtime.error.IdempotencyConflictException when the key was used for
   *     another event, or by a direct send
   */
  public QueuedEvent enqueue(
      String instanceId, Event event, Priority priority, String idempotencyKey, String source) {
    Objects.requireNonNull(event, "event");
    if (source == null || source.isBlank()) {
      throw new IllegalArgumentException("source is blank; name who sends the event, such as api");
    }
    Objects.requireNonNull(priority, "priority");
    InstanceRecord record = load(instanceId);
    checkKnown(record, event);
    Priority effective =
        settings.queue(record.machine()).strategy() == QueueStrategy.PRIORITY
            ? priority
            : Priority.NORMAL;
    QueuedEvent queued =
        store
            .queue()
            .enqueue(
                QueuedEvent.of(instanceId, record.machine(), event, source, clock.instant())
                    .withConversationId(record.conversationId())
                    .withPriority(effective)
                    .withIdempotencyKey(idempotencyKey)
                    .withHeaders(listeners.enqueuing(instanceId, record.machine(), event)));
    listeners.eventEnqueued(instanceId, record.machine());
    return queued;
  }

  /**
   * Adds a listener to this running engine (a server's live view, say) until the returned handle is
   * closed; listeners known when the engine is built go to {@link EngineBuilder#listener}.
   */
  public Subscription listen(EngineListener listener) {
    return runner.listeners().add(Objects.requireNonNull(listener, "listener"));
  }

  // ---- running without workers ----

  /**
   * Processes, in this thread, every event and timer fire due at the clock's instant — for tests
   * and cron-driven deployments — until nothing is due (events waiting for a retry later stay
   * queued), delivering any broadcast still waiting first. Concurrency caps hold as they do for
   * workers, and so do queues: only instances in the queues this engine serves are processed.
   *
   * @return the number of events and fires processed
   */
  public int runDue() {
    return runDue(machines.ids());
  }

  /** {@link #runDue()} for one machine's instances only ({@code clockwork timers process}). */
  public int runDue(String machine) {
    machines.latest(machine);
    return runDue(Set.of(machine));
  }

  private int runDue(Set<String> which) {
    int total = 0;
    while (true) {
      store.work().deliverBroadcasts(clock.instant(), TurnEnd.BROADCAST_PAGE);
      WorkerSettings workers = settings.workers();
      ClaimRequest request =
          new ClaimRequest(
                  workers.owner(),
                  workers.leaseTime(),
                  clock.instant(),
                  settings.timers().batchSize(),
                  workers.eventsPerClaim(),
                  caps(which),
                  true)
              .withQueues(workers.queues());
      List<Claim> claims = runner.claim(request);
      if (claims.isEmpty()) {
        return total;
      }
      for (Claim claim : claims) {
        total += runner.runClaimed(claim, workers.eventsPerClaim());
      }
    }
  }

  /**
   * The earliest instant at which an instance of a registered machine, in a queue this engine
   * serves, has work due (an event, a timer, a retry); before now when work is waiting. Time travel
   * in tests moves a virtual clock from one to the next.
   */
  public Optional<Instant> nextDue() {
    return store.work().nextDue(clock.instant(), machines.ids(), settings.workers().queues());
  }

  /**
   * Moves every instance of {@code machine} that runs an older version onto the newest one: their
   * waiting timers take the new definition's durations, anchored on the same state entries (the
   * seed's "new timer configs apply to existing instances"). {@link #start()} does this for every
   * registered machine; cron-driven deployments call it after a deploy.
   *
   * @return the number of instances moved
   */
  public int upgradeInstances(String machine) {
    MachineDefinition latest = machines.latest(machine);
    int moved = 0;
    for (String id : store.instances().instanceIds(machine)) {
      InstanceRecord record = store.instances().find(id).orElse(null);
      if (record != null && record.version() < latest.version() && runner.upgrade(id, latest)) {
        moved++;
      }
    }
    return moved;
  }

  // ---- workers ----

  /**
   * Runs {@code task} on the engine's task thread every {@code every} (elapsed time) once {@link
   * #start()} was called: schedule ticks, purges. Exceptions are logged and the task runs again
   * later.
   */
  public void addWorkerTask(String name, Duration every, Runnable task) {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(task, "task");
    if (every == null || every.isNegative() || every.isZero()) {
      throw new IllegalArgumentException(
          "worker task '" + name + "' needs a positive interval, not " + every);
    }
    tasks.add(name, every, task);
  }

  /**
   * Runs {@code task} once in {@link #start()}, after the instances were upgraded and before the
   * workers start (at once when the engine has started already): deploying the machines' start
   * timers, for instance. A task that throws fails {@code start()} and the workers do not start.
   */
  public void addStartTask(String name, Runnable task) {
    startTasks.add(Objects.requireNonNull(name, "name"), Objects.requireNonNull(task, "task"));
  }

  /**
   * Starts the worker threads: they claim due instances (queued events and due timers) and run
   * them, renew their leases, and run the periodic tasks. First checks that every machine {@code
   * clockwork.yaml} configures is registered, upgrades older instances to the newest versions, and
   * runs the {@linkplain #addStartTask start tasks}.
   */
  public Engine start() {
    settings.checkMachines(machines.ids());
    if (settings.workers().upgradeOnStart()) {
      machines.ids().forEach(this::upgradeInstances);
    }
    startTasks.runAll();
    workers.start();
    if (regionJobWorkers != null && dispatchInUse.getAsBoolean()) {
      regionJobWorkers.start();
    }
    return this;
  }

  /**
   * Stops claiming, lets turns in progress finish for the shutdown timeout (then interrupts them
   * and gives their events back, unspent), and stops the heartbeat last.
   */
  @Override
  public void close() {
    if (regionJobWorkers != null) {
      regionJobWorkers.stop();
    }
    workers.stop();
    try {
      queues.flushActivity();
    } catch (RuntimeException e) {
      // the store may be closed already; the counts are only figures for operators
      LOG.warn(
          "could not record the queue activity of this engine's last seconds: {}", e.toString());
    }
  }

  private Map<String, Integer> caps(Set<String> which) {
    Map<String, Integer> caps = new java.util.HashMap<>();
    for (String machine : which) {
      caps.put(machine, settings.queue(machine).concurrency());
    }
    return caps;
  }

  /**
   * Validate now, process later: an event no state of the machine takes, or whose payload the
   * machine's validator for its type refuses, is refused at once — unless the instance runs a
   * version newer than this node knows (a rolling deploy), which the nodes that know it validate
   * when they process the event.
   */
  private void checkKnown(InstanceRecord record, Event event) {
    if (ParallelEvents.isResult(event.type())) {
      throw new ClockworkException(
          "'"
              + event.type()
              + "' is Clockwork's own event of parallel dispatch; only region jobs send it (to end"
              + " a parallel state on purpose, send an event its onFail or another transition"
              + " takes)");
    }
    if (machines.isNewer(record.machine(), record.version())) {
      return;
    }
    MachineDefinition definition =
        machines.forInstance(record.id(), record.machine(), record.version());
    if (!definition.knowsEvent(event.type())) {
      throw new UnknownEventException(record.machine(), event.type(), definition.events());
    }
    List<String> errors = definition.validate(event.type(), event.payload());
    if (!errors.isEmpty()) {
      throw new InvalidEventPayloadException(record.machine(), record.id(), event.type(), errors);
    }
  }

  private InstanceRecord load(String instanceId) {
    return store
        .instances()
        .find(instanceId)
        .orElseThrow(() -> new UnknownInstanceException(instanceId));
  }
}
