package dev.clockwork.runtime;

import dev.clockwork.runtime.admin.OperatorLog;
import dev.clockwork.runtime.admin.TimerAdmin;
import dev.clockwork.runtime.error.UnknownDeadLetterException;
import dev.clockwork.runtime.instance.NamespacedIds;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.queue.DeadLetter;
import dev.clockwork.runtime.queue.EventRequest;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.queue.RetriedDeadLetter;
import dev.clockwork.runtime.store.Store;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One namespace of an engine: a tenant's instances, events, dead letters, armed timers and audit.
 * Ids are unique per namespace — two namespaces may each have an {@code order-42} — and nothing
 * here reads or changes another namespace's: an instance, dead letter or timer of another one is
 * not found. An instance's children, its conversation and the instances its emits create are in its
 * namespace; a schedule's runs are in the schedule's.
 *
 * <pre>{@code
 * Namespace tenant = engine.namespace("tenant-a");
 * tenant.create(NewInstance.of("order").id("order-42"));
 * tenant.enqueue(EventRequest.to("order-42", Event.of("PAY")));
 * Instance order = tenant.instances().get("order-42");
 * List<DeadLetter> dead = tenant.deadLetters("order", 0, 20);
 * }</pre>
 *
 * <p>What is about a machine rather than its instances — pausing its queue, its figures, purges —
 * acts on every namespace and lives in {@link Engine#admin()}.
 */
public final class Namespace {
  private final String name;
  private final Engine engine;
  private final Instances instances;
  private final Store store;
  private final TimerAdmin timers;
  private final OperatorLog operatorLog;
  private final Clock clock;

  Namespace(String name, Engine engine, Instances instances, Store store, Clock clock) {
    this.name = name;
    this.engine = engine;
    this.instances = instances;
    this.store = store;
    this.clock = clock;
    this.timers = new TimerAdmin(store, clock, name);
    this.operatorLog = new OperatorLog(store, clock, name);
  }

  /** The namespace's name. */
  public String name() {
    return name;
  }

  /** Creates an instance in this namespace; see {@link Engine#create(NewInstance)}. */
  public Instance create(NewInstance request) {
    return engine.create(request.namespace(name));
  }

  /** Creates instances in this namespace in one commit; see {@link Engine#createAll}. */
  public List<CreateOutcome> createAll(List<NewInstance> requests) {
    return engine.createAll(requests.stream().map(r -> r.namespace(name)).toList());
  }

  /** Processes an event for an instance of this namespace now; see {@link Engine#send}. */
  public SendResult send(EventRequest request) {
    return engine.send(request.namespace(name));
  }

  /** Queues an event for an instance of this namespace; see {@link Engine#enqueue}. */
  public QueuedEvent enqueue(EventRequest request) {
    return plain(engine.enqueue(request.namespace(name)));
  }

  /** The namespace's instances. */
  public Instances instances() {
    return instances;
  }

  /** The armed timers of the namespace's instances, named by the ids callers know. */
  public TimerAdmin timers() {
    return timers;
  }

  /**
   * The namespace's operator audit: what it records is on this namespace, and it lists only that.
   */
  public OperatorLog operatorLog() {
    return operatorLog;
  }

  /**
   * A page of the namespace's dead letters of {@code machine} (every machine when null), oldest
   * first, with an id above {@code afterId} (0 for the first page); their events carry the instance
   * and conversation ids callers know (without the namespace).
   */
  public List<DeadLetter> deadLetters(String machine, long afterId, int limit) {
    if (limit < 1) {
      throw new IllegalArgumentException("limit must be 1 or more, not " + limit);
    }
    return store.queueAdmin().deadLetters(machine, name, afterId, limit).stream()
        .map(Namespace::plain)
        .toList();
  }

  /**
   * One of the namespace's dead letters.
   *
   * @throws UnknownDeadLetterException when there is none with that id in this namespace
   */
  public DeadLetter deadLetter(long id) {
    return store
        .queueAdmin()
        .deadLetter(id)
        .filter(letter -> NamespacedIds.in(name, letter.event().instanceId()))
        .map(Namespace::plain)
        .orElseThrow(() -> new UnknownDeadLetterException(id));
  }

  /**
   * Puts one of the namespace's dead letters back in its queue, to be processed after {@code
   * delay}.
   *
   * @throws UnknownDeadLetterException when there is none with that id in this namespace
   */
  public QueuedEvent retry(long id, Duration delay) {
    Objects.requireNonNull(delay, "delay");
    if (delay.isNegative()) {
      throw new IllegalArgumentException("the retry delay must not be negative: " + delay);
    }
    deadLetter(id);
    return store
        .queueAdmin()
        .retryDeadLetter(id, clock.instant().plus(delay))
        .map(Namespace::plain)
        .orElseThrow(() -> new UnknownDeadLetterException(id));
  }

  /**
   * The record of the retry of the namespace's dead letter {@code id}: the event it became, under
   * the instance id callers know. Empty when none of the namespace's dead letters with that id was
   * retried, or the record went with the dead letters' retention.
   */
  public Optional<RetriedDeadLetter> retriedDeadLetter(long id) {
    return store
        .queueAdmin()
        .retriedDeadLetter(id)
        .filter(retried -> NamespacedIds.in(name, retried.instanceId()))
        .map(
            r ->
                new RetriedDeadLetter(
                    r.id(),
                    r.eventId(),
                    NamespacedIds.idOf(r.instanceId()),
                    r.machine(),
                    r.deadAt(),
                    r.availableAt()));
  }

  private static DeadLetter plain(DeadLetter letter) {
    return new DeadLetter(letter.id(), plain(letter.event()), letter.deadAt());
  }

  /** {@code event} with the ids callers know in place of the stored ones. */
  private static QueuedEvent plain(QueuedEvent event) {
    return new QueuedEvent(
        event.id(),
        NamespacedIds.idOf(event.instanceId()),
        event.machine(),
        event.event(),
        event.source(),
        NamespacedIds.idOf(event.conversationId()),
        event.attempts(),
        event.availableAt(),
        event.enqueuedAt(),
        event.errors(),
        event.priority(),
        event.idempotencyKey(),
        event.headers());
  }
}
