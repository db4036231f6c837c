package dev.clockwork.runtime;

import dev.clockwork.core.ClockworkException;
import dev.clockwork.core.definition.MachineDefinition;
import dev.clockwork.core.event.Event;
import dev.clockwork.core.event.TimerFire;
import dev.clockwork.core.interpreter.Interpreter;
import dev.clockwork.core.interpreter.Snapshot;
import dev.clockwork.core.interpreter.StepResult;
import dev.clockwork.runtime.internal.HistoryRows;
import dev.clockwork.runtime.internal.SnapshotCodec;
import dev.clockwork.runtime.store.DueTimer;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.InstanceRecord;
import dev.clockwork.runtime.store.Store;
import dev.clockwork.runtime.store.memory.InMemoryStore;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs machine instances over a {@link Store}: creates them, sends them events and fires their due
 * timers, each event one macrostep committed atomically. Every clock read goes through the injected
 * {@link Clock}.
 *
 * <pre>{@code
 * Engine engine = Engine.builder().register(order).clock(clock).build();
 * Instance created = engine.create("order");
 * engine.send(created.id(), "SUBMIT");
 * engine.fireDueTimers();
 * }</pre>
 */
public final class Engine {
  private static final Logger LOG = LoggerFactory.getLogger(Engine.class);
  private static final int LOCK_STRIPES = 64;

  private final Store store;
  private final Clock clock;
  private final MachineRegistry machines;
  private final int timerBatchSize;
  private final ReentrantLock[] locks = new ReentrantLock[LOCK_STRIPES];

  private Engine(Builder builder) {
    this.store = builder.store;
    this.clock = builder.clock;
    this.machines = builder.machines;
    this.timerBatchSize = builder.timerBatchSize;
    for (int i = 0; i < LOCK_STRIPES; i++) {
      locks[i] = new ReentrantLock();
    }
  }

  public static Builder builder() {
    return new Builder();
  }

  public Clock clock() {
    return clock;
  }

  public Store store() {
    return store;
  }

  /** Registers (another version of) a machine. */
  public void register(MachineDefinition definition) {
    machines.register(definition);
  }

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
    MachineDefinition definition = machines.latest(machine);
    String instanceId = id != null ? id : machine + ":" + UUID.randomUUID();
    Instant now = clock.instant();
    StepResult started = Interpreter.start(definition, input, now);
    List<HistoryEntry> history = HistoryRows.created(instanceId, started, now);
    InstanceRecord record =
        SnapshotCodec.created(
            instanceId, started.snapshot(), HistoryRows.lastSequence(history, 0), now);
    store.create(record, history);
    return Instance.of(record);
  }

  /** Sends an event with no payload; see {@link #send(String, Event)}. */
  public SendResult send(String instanceId, String eventType) {
    return send(instanceId, Event.of(eventType));
  }

  /**
   * Processes one event now, as one macrostep, and returns the instance after it. When an action
   * throws, nothing is changed, the failure is recorded in the instance's history, and an {@link
   * EventFailedException} (or the Clockwork exception itself) is thrown.
   */
  public SendResult send(String instanceId, Event event) {
    Objects.requireNonNull(event, "event");
    ReentrantLock lock = lockOf(instanceId);
    lock.lock();
    try {
      InstanceRecord record = load(instanceId);
      MachineDefinition definition = machines.forInstance(record.machine(), record.version());
      Snapshot snapshot = SnapshotCodec.toSnapshot(definition, record);
      Instant now = clock.instant();
      StepResult result;
      try {
        result = Interpreter.transition(snapshot, event, now);
      } catch (RuntimeException e) {
        store.append(
            instanceId,
            List.of(
                HistoryRows.failed(
                    instanceId, record.historySequence(), event, record.leafPaths(), e, now)));
        throw e instanceof ClockworkException
            ? e
            : new EventFailedException(instanceId, event.toString(), e);
      }
      List<HistoryEntry> history =
          HistoryRows.step(instanceId, record.historySequence(), event, result, now);
      InstanceRecord next =
          SnapshotCodec.next(
              record,
              result.snapshot(),
              HistoryRows.lastSequence(history, record.historySequence()),
              now);
      store.commit(next, history);
      return new SendResult(Instance.of(next), result.handled(), result.reply());
    } finally {
      lock.unlock();
    }
  }

  /**
   * Fires every timer due at the clock's current instant, oldest due first, each fire its own
   * macrostep. A fire that fails is recorded in its instance's history and does not stop the
   * others.
   *
   * @return the number of fires processed (failed ones included)
   */
  public int fireDueTimers() {
    int fired = 0;
    List<DueTimer> batch;
    do {
      batch = store.claimDueTimers(clock.instant(), timerBatchSize);
      for (DueTimer due : batch) {
        fire(due);
        fired++;
      }
    } while (batch.size() == timerBatchSize);
    return fired;
  }

  private void fire(DueTimer due) {
    Event fire = Event.timerFire(due.event(), new TimerFire(due.key(), due.entryId(), due.due()));
    try {
      send(due.instanceId(), fire);
    } catch (ClockworkException e) {
      LOG.warn("timer {} of instance {} failed: {}", due.key(), due.instanceId(), e.getMessage());
    }
  }

  /** The earliest due instant of any armed timer not yet fired. */
  public Optional<Instant> nextTimerDue() {
    return store.nextTimerDue();
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

  private InstanceRecord load(String instanceId) {
    return store.find(instanceId).orElseThrow(() -> new UnknownInstanceException(instanceId));
  }

  private ReentrantLock lockOf(String instanceId) {
    return locks[Math.floorMod(instanceId.hashCode(), LOCK_STRIPES)];
  }

  /** Configures an engine; the defaults are an in-memory store and the system clock. */
  public static final class Builder {
    private Store store = new InMemoryStore();
    private Clock clock = Clock.systemUTC();
    private final MachineRegistry machines = new MachineRegistry();
    private int timerBatchSize = 100;

    private Builder() {}

    public Builder store(Store store) {
      this.store = Objects.requireNonNull(store, "store");
      return this;
    }

    /** The clock every timer and history row is measured by (inject a virtual one in tests). */
    public Builder clock(Clock clock) {
      this.clock = Objects.requireNonNull(clock, "clock");
      return this;
    }

    public Builder register(MachineDefinition... definitions) {
      for (MachineDefinition definition : definitions) {
        machines.register(definition);
      }
      return this;
    }

    /** Due timers claimed per store round trip (default 100). */
    public Builder timerBatchSize(int size) {
      if (size < 1) {
        throw new IllegalArgumentException("timerBatchSize must be 1 or more, not " + size);
      }
      this.timerBatchSize = size;
      return this;
    }

    public Engine build() {
      return new Engine(this);
    }
  }
}
