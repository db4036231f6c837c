package dev.clockwork.runtime;

import dev.clockwork.core.ClockworkException;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.interpreter.StepResult;
import dev.clockwork.runtime.config.EngineOptions;
import dev.clockwork.runtime.config.QueueConfig;
import dev.clockwork.runtime.error.EventFailedException;
import dev.clockwork.runtime.error.UnknownEventException;
import dev.clockwork.runtime.error.UnknownInstanceException;
import dev.clockwork.runtime.internal.ChildIds;
import dev.clockwork.runtime.internal.ConversationIds;
import dev.clockwork.runtime.internal.Delegation;
import dev.clockwork.runtime.internal.HistoryRows;
import dev.clockwork.runtime.internal.MachineRegistry;
import dev.clockwork.runtime.internal.QueueProcessor;
import dev.clockwork.runtime.internal.Turn;
import dev.clockwork.runtime.queue.Priority;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.Claim;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.InstanceRecord;
import dev.clockwork.runtime.store.Store;
import dev.clockwork.runtime.worker.Workers;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * Runs machine instances over a {@link Store}. Every event goes through its instance's queue and is
 * processed as one macrostep, under a lease, committed atomically. Every clock read goes through
 * the injected {@link Clock}.
 *
 * <pre>{@code
 * Engine engine = Engine.builder().register(order).store(store).build();
 * Instance created = engine.create("order");
 * engine.enqueue(created.id(), Event.of("SUBMIT")); // durable now, processed by the workers
 * engine.start();                                   // worker threads: queue, leases, timer sweep
 * }</pre>
 *
 * <p>Without {@link #start()}, nothing runs by itself: tests and cron-driven deployments call
 * {@link #processQueue()} and {@link #fireDueTimers()} themselves.
 */
public final class Engine implements AutoCloseable {
  private final EngineOptions options;
  private final Store store;
  private final Clock clock;
  private final MachineRegistry machines;
  private final QueueProcessor processor;
  private final Delegation delegation;
  private final dev.clockwork.runtime.internal.LeaseWaiter leaseWaiter;
  private final dev.clockwork.runtime.internal.Emits emits;
  private final Workers workers;
  private final java.util.function.Function<String, QueueConfig> queueConfig;
  private final dev.clockwork.runtime.admin.QueueAdmin queues;

  Engine(
      EngineOptions options,
      Store store,
      Clock clock,
      MachineRegistry machines,
      java.util.function.Function<String, QueueConfig> queues,
      boolean limited) {
    this.options = options;
    this.store = store;
    this.clock = clock;
    this.machines = machines;
    this.delegation = new Delegation(store, machines::latest);
    this.leaseWaiter =
        new dev.clockwork.runtime.internal.LeaseWaiter(
            store, clock, options.owner(), options.leaseTime(), options.lockTimeout());
    this.emits =
        new dev.clockwork.runtime.internal.Emits(
            store, machines::forInstance, delegation, leaseWaiter);
    this.processor =
        new QueueProcessor(
            store, clock, machines::ids, emits, queues, options.leaseTime(), options.owner());
    this.workers = new Workers(this, options);
    this.queueConfig = queues;
    if (limited) {
      processor.limitConcurrency(
          () -> {
            java.util.Map<String, Integer> caps = new java.util.HashMap<>();
            for (String machine : machines.ids()) {
              caps.put(machine, queues.apply(machine).concurrency());
            }
            return caps;
          });
    }
    this.queues = new dev.clockwork.runtime.admin.QueueAdmin(store, clock, queues);
    workers.add(
        "dead-letter-retention",
        java.time.Duration.ofMinutes(1),
        this.queues::purgeExpiredDeadLetters);
  }

  /** Makes {@code listener} hear every event the queues process (metrics); replaces any other. */
  public void listen(dev.clockwork.runtime.metrics.QueueListener listener) {
    processor.listen(listener);
  }

  /** Operating the queues: status, pause/resume, dead letters, purges, health. */
  public dev.clockwork.runtime.admin.QueueAdmin queues() {
    return queues;
  }

  public static EngineBuilder builder() {
    return new EngineBuilder();
  }

  public Clock clock() {
    return clock;
  }

  public Store store() {
    return store;
  }

  public EngineOptions options() {
    return options;
  }

  /** Registers (another version of) a machine. */
  public void register(MachineDefinition definition) {
    machines.register(definition);
  }

  /** The newest registered version of a machine. */
  public MachineDefinition machine(String machine) {
    return machines.latest(machine);
  }

  // ---- instances ----

  /** Creates an instance of the newest version of {@code machine} with a random id. */
  public Instance create(String machine) {
    return create(machine, null, Map.of());
  }

  /**
   * Creates an instance: enters its initial states, arms their timers, stores it.
   *
   * @param id the instance id, or null for a random one
   * @param input values merged over the definition's initial context
   */
  public Instance create(String machine, String id, Map<String, ?> input) {
    return create(machine, id, input, null);
  }

  /**
   * Creates an instance whose history begins with {@code origin}: what started it (a schedule's
   * {@code ScheduleTriggered} with its payload, for instance). Creating an id that exists fails
   * with {@link dev.clockwork.runtime.store.DuplicateInstanceException}, which makes deterministic
   * ids (one per schedule occurrence) start one instance however often they are tried. The instance
   * starts a new conversation.
   */
  public Instance create(String machine, String id, Map<String, ?> input, Event origin) {
    return create(machine, id, input, origin, ConversationIds.next());
  }

  /**
   * Creates an instance in an existing conversation (one an earlier instance started, or one the
   * caller's request carries): emits from its actions to a machine by name ({@code
   * Target.machine("payment")}) find the conversation's instance of that machine.
   *
   * @param id the instance id, or null for a random one
   */
  public Instance createInConversation(
      String conversationId, String machine, String id, Map<String, ?> input) {
    return create(machine, id, input, null, ConversationIds.checked(conversationId));
  }

  private Instance create(
      String machine, String id, Map<String, ?> input, Event origin, String conversationId) {
    MachineDefinition definition = machines.latest(machine);
    String instanceId = id != null ? id : machine + ":" + UUID.randomUUID();
    ChildIds.checkTopLevel(instanceId);
    return Instance.of(
        delegation
            .start(definition, instanceId, conversationId, input, origin, clock.instant())
            .record());
  }

  /**
   * The oldest instance of {@code machine} in a conversation: the one an emit to that machine from
   * the conversation reaches.
   */
  public Optional<Instance> findInConversation(String conversationId, String machine) {
    return store.findInConversation(conversationId, machine).map(Instance::of);
  }

  /** The instance as stored now. */
  public Instance instance(String instanceId) {
    return Instance.of(load(instanceId));
  }

  /** The instance's full history, oldest first. */
  public List<HistoryEntry> history(String instanceId) {
    load(instanceId);
    return store.history(instanceId, 0, Integer.MAX_VALUE);
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
   * EventFailedException} (or the Clockwork exception itself) is thrown.
   */
  public SendResult send(String instanceId, Event event) {
    return send(instanceId, event, null);
  }

  /**
   * {@link #send(String, Event)} made safe to retry: the first send with {@code idempotencyKey} for
   * the instance is processed; any later one (even a concurrent one) is not, and gets the first
   * one's outcome ({@code handled} and the reply) with the instance as it is now.
   */
  public SendResult send(String instanceId, Event event, String idempotencyKey) {
    Objects.requireNonNull(event, "event");
    InstanceRecord target = load(instanceId);
    checkKnown(target, event);
    Claim claim = leaseWaiter.lease(instanceId);
    if (idempotencyKey != null) {
      Optional<java.util.Map<String, Object>> first = store.outcome(instanceId, idempotencyKey);
      if (first.isPresent()) {
        store.release(claim.lease());
        return new SendResult(
            Instance.of(claim.instance()),
            Boolean.TRUE.equals(first.get().get("handled")),
            Optional.ofNullable(first.get().get("reply")));
      }
    }
    InstanceRecord stored = claim.instance();
    Turn turn = emits.turn(claim.lease(), stored);
    Instant now = clock.instant();
    StepResult result;
    try {
      result = turn.apply(event, now);
    } catch (RuntimeException e) {
      store.appendHistory(claim.lease(), List.of(HistoryRows.failed(stored, event, e, now)));
      store.release(claim.lease());
      throw e instanceof ClockworkException
          ? e
          : new EventFailedException(instanceId, event.toString(), e);
    }
    if (idempotencyKey != null) {
      turn.keep(idempotencyKey);
    }
    if (store.commit(turn.commits(true)).contains(instanceId)) {
      turn.abandonAll();
      throw new dev.clockwork.runtime.queue.LeaseLostException(claim.lease());
    }
    dev.clockwork.runtime.internal.Broadcasts.deliver(store, turn.broadcasts(), now);
    return new SendResult(Instance.of(turn.record()), result.handled(), result.reply());
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
   * returns and is processed in order by a worker (or by {@link #processQueue()}).
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
    InstanceRecord record = load(instanceId);
    checkKnown(record, event);
    Priority effective =
        queueConfig.apply(record.machine()).strategy()
                == dev.clockwork.runtime.config.QueueStrategy.PRIORITY
            ? priority
            : Priority.NORMAL;
    return store.enqueue(
        QueuedEvent.of(instanceId, record.machine(), event, "api", clock.instant())
            .withConversationId(record.conversationId())
            .withPriority(effective)
            .withIdempotencyKey(idempotencyKey));
  }

  /**
   * Processes every event available now, in this thread, until no queue has one (events waiting for
   * a retry later stay queued).
   *
   * @return the number of events processed
   */
  public int processQueue() {
    int total = 0;
    int processed;
    do {
      processed = processor.runOnce(options.batchSize(), options.eventsPerClaim());
      total += processed;
    } while (processed > 0);
    return total;
  }

  /** One claim-process-commit round, as a worker runs it; returns the events processed. */
  public int processOnce() {
    return processor.runOnce(options.batchSize(), options.eventsPerClaim());
  }

  // ---- timers ----

  /**
   * Moves every instance of {@code machine} that runs an older version onto the newest one: their
   * waiting timers take the new definition's durations, anchored on the same state entries (the
   * seed's "new timer configs apply to existing instances"). {@link #start()} does this for every
   * registered machine; cron-driven deployments call it after a deploy.
   *
   * @return the number of instances moved
   */
  public int upgradeInstances(String machine) {
    return dev.clockwork.runtime.internal.VersionUpgrade.run(
        store, leaseWaiter, clock, machines.latest(machine));
  }

  /**
   * Sweeps every timer due at the clock's current instant into its instance's queue, then processes
   * the queues: each fire is its own macrostep; a fire that fails is retried and dead-lettered like
   * any event, without stopping the others.
   *
   * @return the number of fires swept
   */
  public int fireDueTimers() {
    int swept = sweepTimers();
    processQueue();
    return swept;
  }

  /** Moves every due timer into its queue (in batches) without processing it. */
  public int sweepTimers() {
    int total = 0;
    int swept;
    do {
      swept = store.sweepDueTimers(clock.instant(), options.timerBatchSize(), machines.ids());
      total += swept;
    } while (swept == options.timerBatchSize());
    return total;
  }

  /** The earliest due instant of any armed timer not yet swept. */
  public Optional<Instant> nextTimerDue() {
    return store.nextTimerDue();
  }

  /** The earliest instant at which a queued event (e.g. one waiting for a retry) is available. */
  public Optional<Instant> nextEventAvailable() {
    return store.nextEventAvailable(clock.instant());
  }

  // ---- workers ----

  /** Renews the leases of the instances being processed right now (the workers' heartbeat). */
  public void renewLeases() {
    processor.renewLeases();
  }

  /**
   * Runs {@code task} in the worker loop every {@code every} (elapsed time) once {@link #start()}
   * was called: schedule ticks, purges. Exceptions are logged and the task runs again later.
   */
  public void addWorkerTask(String name, java.time.Duration every, Runnable task) {
    workers.add(name, every, task);
  }

  /** How many times the workers' timer sweep waited because of backpressure. */
  public long backpressureWaits() {
    return workers.backpressureWaits();
  }

  /** Starts the worker threads: they process queues, renew leases and sweep timers. */
  public Engine start() {
    machines.ids().forEach(this::upgradeInstances);
    workers.start();
    return this;
  }

  /** Stops the worker threads, letting each finish its current round. */
  @Override
  public void close() {
    workers.stop();
  }

  /** Validate now, process later: an event no state of the machine takes is refused at once. */
  private void checkKnown(InstanceRecord record, Event event) {
    MachineDefinition definition = machines.forInstance(record.machine(), record.version());
    if (!definition.knowsEvent(event.type())) {
      throw new UnknownEventException(record.machine(), event.type(), definition.events());
    }
  }

  private InstanceRecord load(String instanceId) {
    return store.find(instanceId).orElseThrow(() -> new UnknownInstanceException(instanceId));
  }
}
