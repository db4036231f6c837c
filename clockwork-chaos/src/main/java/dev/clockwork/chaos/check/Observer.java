package dev.clockwork.chaos.check;

import dev.clockwork.chaos.check.Observations.EventSeen;
import dev.clockwork.chaos.check.Observations.InstanceSeen;
import dev.clockwork.chaos.check.Observations.TimerFire;
import dev.clockwork.chaos.check.Observations.TurnRow;
import dev.clockwork.chaos.machine.ChaosMachine;
import dev.clockwork.chaos.machine.ContextLists;
import dev.clockwork.chaos.producer.Ledger.Acknowledged;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.Instance;
import dev.clockwork.runtime.error.UnknownEventIdException;
import dev.clockwork.runtime.instance.HistoryQuery;
import dev.clockwork.runtime.queue.DeadLetter;
import dev.clockwork.runtime.queue.EventStatus;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.Store;
import dev.clockwork.schedule.Schedules;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reads a run's outcome back through the public API only: {@code engine.instances()}'s {@code get},
 * {@code history} and {@code event}, and {@code admin().queues().deadLetters}; the instances of a
 * machine through the {@link Store} SPI's {@code instanceIds}; the schedule through {@link
 * Schedules}.
 */
public final class Observer {
  private static final int ALL = 1_000_000;

  /**
   * The history rows a turn writes for work it processed (an applied event, an attempt, a fire).
   */
  private static final Set<HistoryEntry.Kind> TURN_KINDS =
      EnumSet.of(
          HistoryEntry.Kind.EVENT,
          HistoryEntry.Kind.ATTEMPT_FAILED,
          HistoryEntry.Kind.FAILED,
          HistoryEntry.Kind.TIMER_FIRED);

  private final Engine engine;
  private final Store store;
  private final Schedules schedules;
  private final Map<String, Instant> databaseClock;
  private final Map<String, List<Instant>> leaseClock;

  /** An observer of a run without a schedule or a database clock (in process). */
  public Observer(Engine engine, Store store) {
    this(engine, store, null, Map.of(), Map.of());
  }

  /**
   * @param store the store the engine runs on, to list the instances of a machine
   * @param schedules the schedules service the run's schedule lives in; null when there is none
   * @param databaseClock the database's instant of each history row, keyed by {@code
   *     instance#sequence} (see {@code ChaosPostgres.historyClock})
   * @param leaseClock the database's instants at which each instance was leased, in time order (see
   *     {@code ChaosPostgres.leaseClock}); with the first, the only things read past the API
   */
  public Observer(
      Engine engine,
      Store store,
      Schedules schedules,
      Map<String, Instant> databaseClock,
      Map<String, List<Instant>> leaseClock) {
    this.engine = engine;
    this.store = store;
    this.schedules = schedules;
    this.databaseClock = databaseClock;
    this.leaseClock = leaseClock;
  }

  public Observations read(List<String> instanceIds, List<Acknowledged> ledger) {
    Map<String, InstanceSeen> instances = new HashMap<>();
    Map<String, String> conversations = new HashMap<>();
    for (String id : instanceIds) {
      Instance instance = engine.instances().get(id);
      conversations.put(instance.conversationId(), id);
      instances.put(id, instance(instance));
    }
    Map<String, Integer> deadLetterErrors = new HashMap<>();
    for (DeadLetter letter : engine.admin().queues().deadLetters(ChaosMachine.ID, ALL)) {
      deadLetterErrors.put(
          Observations.key(letter.event().instanceId(), letter.event().id()),
          letter.event().errors().size());
    }
    Map<String, EventSeen> events = new HashMap<>();
    for (Acknowledged a : ledger) {
      String key = Observations.key(a.instanceId(), a.eventId());
      try {
        EventStatus status = engine.instances().event(a.instanceId(), a.eventId());
        events.put(
            key,
            new EventSeen(
                status.state(),
                status.attempts(),
                status.errors().size(),
                deadLetterErrors.getOrDefault(key, -1)));
      } catch (UnknownEventIdException e) {
        // absent: the checker counts it as lost
      }
    }
    return new Observations(
        instances,
        events,
        new ReachObserver(engine, store).read(conversations),
        schedules == null
            ? ScheduleSeen.NONE
            : new ScheduleObserver(engine, store, schedules, databaseClock).read());
  }

  private InstanceSeen instance(Instance instance) {
    String id = instance.id();
    Map<String, Object> context = instance.context();
    Map<Long, Integer> appliedRows = new HashMap<>();
    List<TimerFire> fires = new ArrayList<>();
    List<TurnRow> turns = new ArrayList<>();
    TreeSet<Instant> leases = new TreeSet<>(leaseClock.getOrDefault(id, List.of()));
    for (HistoryEntry row : engine.instances().history(HistoryQuery.all(id))) {
      Instant committedAt = databaseClock.get(id + "#" + row.sequence());
      boolean turnRow =
          TURN_KINDS.contains(row.kind())
              && (row.kind() != HistoryEntry.Kind.EVENT || row.eventId() != 0);
      if (turnRow && committedAt != null) {
        turns.add(
            new TurnRow(
                row.sequence(),
                row.kind() + " " + row.event() + (row.eventId() == 0 ? "" : " #" + row.eventId()),
                committedAt,
                leases.floor(committedAt)));
      }
      if (row.kind() == HistoryEntry.Kind.EVENT && row.eventId() != 0) {
        appliedRows.merge(row.eventId(), 1, Integer::sum);
      }
      if (row.kind() == HistoryEntry.Kind.TIMER_FIRED && row.payload().get("due") != null) {
        fires.add(
            new TimerFire(
                row.sequence(),
                Instant.parse(row.payload().get("due").toString()),
                row.at(),
                committedAt));
      }
    }
    return new InstanceSeen(
        numbers(context, ChaosMachine.APPLIED),
        numbers(context, ChaosMachine.ENTRIES),
        numbers(context, ChaosMachine.RINGS),
        appliedRows,
        fires,
        turns,
        new Observations.Cycles(
            numbers(context, ChaosMachine.CYCLES),
            numbers(context, ChaosMachine.PULSES),
            numbers(context, ChaosMachine.CYCLE_ENDS)),
        new Observations.Outreach(
            numbers(context, ChaosMachine.SPAWNS),
            numbers(context, ChaosMachine.CHILDREN_DONE),
            numbers(context, ChaosMachine.CHILDREN_FAILED),
            numbers(context, ChaosMachine.EMITS),
            numbers(context, ChaosMachine.BROADCASTS)),
        new Observations.Release(instance.version(), numbers(context, ChaosMachine.APPLIED_V2)));
  }

  private static List<Long> numbers(Map<String, Object> context, String key) {
    return ContextLists.numbers(context.get(key));
  }
}
