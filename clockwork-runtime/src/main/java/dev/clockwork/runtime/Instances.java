package dev.clockwork.runtime;

import dev.clockwork.core.event.Event;
import dev.clockwork.core.interpreter.InstanceStatus;
import dev.clockwork.runtime.error.UnknownEventIdException;
import dev.clockwork.runtime.error.UnknownInstanceException;
import dev.clockwork.runtime.instance.HistoryQuery;
import dev.clockwork.runtime.instance.InstanceQuery;
import dev.clockwork.runtime.instance.NamespacedIds;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.internal.Delegation;
import dev.clockwork.runtime.internal.engine.EventIntake;
import dev.clockwork.runtime.queue.EventRequest;
import dev.clockwork.runtime.queue.EventStatus;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.InstanceRecord;
import dev.clockwork.runtime.store.Store;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The instances of one namespace as stored: one by id, lists by labels and search attributes, their
 * history and queued events; and ending one, through its queue or at once. {@code
 * engine.instances()} is the default namespace's, {@code engine.namespace("tenant-a").instances()}
 * another's: ids are those callers gave, and another namespace's instances are never found.
 *
 * <pre>{@code
 * Instance order = engine.instances().get("order-1");
 * List<HistoryEntry> history = engine.instances().history(HistoryQuery.all("order-1"));
 * List<Instance> billing = engine.instances().list(
 *     InstanceQuery.builder().machine("order").label("team", "billing").build());
 * engine.instances().cancel("order-1"); // after what is queued before it
 * }</pre>
 */
public final class Instances {
  private final Store store;
  private final EventIntake events;
  private final String namespace;

  Instances(Store store, EventIntake events, String namespace) {
    this.store = store;
    this.events = events;
    this.namespace = namespace;
  }

  /**
   * The instance as stored now.
   *
   * @throws UnknownInstanceException when the instance does not exist
   */
  public Instance get(String instanceId) {
    return Instance.of(load(instanceId));
  }

  /**
   * The instances {@code query} asks for, sorted by id: those of a machine (or every machine) that
   * carry the labels and search attributes it names, a page at a time ({@link
   * InstanceQuery#after}).
   */
  public List<Instance> list(InstanceQuery query) {
    Objects.requireNonNull(query, "query");
    return store.instances().search(query.storedIn(namespace)).stream().map(Instance::of).toList();
  }

  /**
   * The status of each instance among {@code instanceIds} that exists (instances that do not are
   * left out), in one store read where the store can.
   */
  public Map<String, InstanceStatus> statuses(Collection<String> instanceIds) {
    Map<String, String> byStored = new LinkedHashMap<>();
    for (String id : instanceIds) {
      byStored.put(stored(id), id);
    }
    Map<String, InstanceStatus> statuses = new LinkedHashMap<>();
    store
        .instances()
        .statuses(byStored.keySet())
        .forEach((storedId, status) -> statuses.put(byStored.get(storedId), status));
    return statuses;
  }

  /** The oldest instance of {@code machine} in a conversation: the one emits to it reach. */
  public Optional<Instance> inConversation(String conversationId, String machine) {
    return store.instances().findInConversation(stored(conversationId), machine).map(Instance::of);
  }

  /**
   * The rows of the instance's history {@code query} asks for, oldest first.
   *
   * @throws UnknownInstanceException when the instance does not exist
   */
  public List<HistoryEntry> history(HistoryQuery query) {
    String instanceId = load(query.instanceId()).id();
    if (query.type() == null) {
      return store.instances().history(instanceId, query.afterSequence(), query.limit()).stream()
          .map(Instances::plain)
          .toList();
    }
    return store.instances().history(instanceId, query.afterSequence(), Integer.MAX_VALUE).stream()
        .filter(row -> query.type().equals(row.event()))
        .limit(query.limit())
        .map(Instances::plain)
        .toList();
  }

  /** {@code row} with the instance and conversation ids callers know in place of stored ones. */
  private static HistoryEntry plain(HistoryEntry row) {
    return new HistoryEntry(
        row.sequence(),
        NamespacedIds.idOf(row.instanceId()),
        NamespacedIds.idOf(row.conversationId()),
        row.at(),
        row.kind(),
        row.event(),
        row.payload(),
        row.states(),
        row.detail(),
        row.eventId(),
        row.attempt(),
        row.entered());
  }

  /**
   * What started the instance: the origin its creation named ({@link NewInstance#origin}, a
   * schedule's {@code ScheduleTriggered} for its runs), the first row of its history; empty when
   * none was named (or retention removed it).
   *
   * @throws UnknownInstanceException when the instance does not exist
   */
  public Optional<Event> origin(String instanceId) {
    return store.instances().history(load(instanceId).id(), 0, 2).stream()
        .filter(row -> row.kind() == HistoryEntry.Kind.ORIGIN)
        .map(row -> Event.of(row.event(), row.payload()))
        .findFirst();
  }

  /**
   * Where the event {@code eventId} (the id {@code Engine.enqueue} returned) is now: pending,
   * retrying, applied (with its history row), dead-lettered or discarded.
   *
   * @throws UnknownInstanceException when the instance does not exist
   * @throws UnknownEventIdException when the instance never had such an event
   */
  public EventStatus event(String instanceId, long eventId) {
    return store
        .queue()
        .eventStatus(load(instanceId).id(), eventId)
        .map(
            status ->
                new EventStatus(
                    NamespacedIds.idOf(status.instanceId()),
                    status.eventId(),
                    status.state(),
                    status.attempts(),
                    status.nextAttemptAt(),
                    status.historySequence(),
                    status.deadLetterId(),
                    status.errors(),
                    status.eventType()))
        .orElseThrow(() -> new UnknownEventIdException(instanceId, eventId));
  }

  /**
   * How many events wait in the instance's queue, those waiting for a retry included.
   *
   * @throws UnknownInstanceException when the instance does not exist
   */
  public long pendingEvents(String instanceId) {
    return store.queue().pendingEvents(load(instanceId).id());
  }

  /**
   * Cancels an instance through its queue: after the events queued before it, its timers are
   * cancelled, its child machines too, and it takes no further events.
   */
  public QueuedEvent cancel(String instanceId) {
    return events.enqueue(request(instanceId));
  }

  /** Operating one instance's armed timers: reschedule, extend, fire now, cancel. */
  public InstanceTimers timers(String instanceId) {
    return new InstanceTimers(this, events, namespace, instanceId);
  }

  /** Cancels an instance now, ahead of anything queued (under its lease, like a send). */
  public Instance terminate(String instanceId) {
    return SendResult.of(events.send(request(instanceId))).instance();
  }

  private EventRequest request(String instanceId) {
    return EventRequest.to(instanceId, Event.of(Delegation.CANCEL)).namespace(namespace).stored();
  }

  private InstanceRecord load(String instanceId) {
    return store
        .instances()
        .find(stored(instanceId))
        .orElseThrow(() -> new UnknownInstanceException(instanceId));
  }

  private String stored(String id) {
    return NamespacedIds.stored(namespace, id);
  }
}
