package dev.clockwork.chaos.check;

import dev.clockwork.chaos.check.Observations.EventSeen;
import dev.clockwork.chaos.check.Observations.InstanceSeen;
import dev.clockwork.chaos.check.Observations.TimerFire;
import dev.clockwork.chaos.machine.ChaosMachine;
import dev.clockwork.chaos.producer.Ledger.Acknowledged;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.Instance;
import dev.clockwork.runtime.error.UnknownEventIdException;
import dev.clockwork.runtime.queue.DeadLetter;
import dev.clockwork.runtime.queue.EventStatus;
import dev.clockwork.runtime.store.HistoryEntry;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a run's outcome back through the public API only: {@code Engine.instance}, {@code
 * Engine.history}, {@code Engine.event} and {@code queues().deadLetters}.
 */
public final class Observer {
  private static final int ALL = 1_000_000;

  private final Engine engine;
  private final Map<String, Instant> databaseClock;

  public Observer(Engine engine) {
    this(engine, Map.of());
  }

  /**
   * @param databaseClock the database's instant of each history row, keyed by {@code
   *     instance#sequence} (see {@code ChaosPostgres.historyClock}); the one thing read past the
   *     API
   */
  public Observer(Engine engine, Map<String, Instant> databaseClock) {
    this.engine = engine;
    this.databaseClock = databaseClock;
  }

  public Observations read(List<String> instanceIds, List<Acknowledged> ledger) {
    Map<String, InstanceSeen> instances = new HashMap<>();
    for (String id : instanceIds) {
      instances.put(id, instance(id));
    }
    Map<String, Integer> deadLetterErrors = new HashMap<>();
    for (DeadLetter letter : engine.queues().deadLetters(ChaosMachine.ID, ALL)) {
      deadLetterErrors.put(
          Observations.key(letter.event().instanceId(), letter.event().id()),
          letter.event().errors().size());
    }
    Map<String, EventSeen> events = new HashMap<>();
    for (Acknowledged a : ledger) {
      String key = Observations.key(a.instanceId(), a.eventId());
      try {
        EventStatus status = engine.event(a.instanceId(), a.eventId());
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
    return new Observations(instances, events);
  }

  private InstanceSeen instance(String id) {
    Instance instance = engine.instance(id);
    Map<Long, Integer> appliedRows = new HashMap<>();
    List<TimerFire> fires = new ArrayList<>();
    for (HistoryEntry row : engine.history(id)) {
      if (row.kind() == HistoryEntry.Kind.EVENT && row.eventId() != 0) {
        appliedRows.merge(row.eventId(), 1, Integer::sum);
      }
      if (row.kind() == HistoryEntry.Kind.TIMER_FIRED && row.payload().get("due") != null) {
        fires.add(
            new TimerFire(
                row.sequence(),
                Instant.parse(row.payload().get("due").toString()),
                row.at(),
                databaseClock.get(id + "#" + row.sequence())));
      }
    }
    return new InstanceSeen(
        ChaosMachine.numbers(instance.context().get(ChaosMachine.APPLIED)),
        ChaosMachine.numbers(instance.context().get(ChaosMachine.ENTRIES)),
        ChaosMachine.numbers(instance.context().get(ChaosMachine.RINGS)),
        appliedRows,
        fires);
  }
}
