package dev.clockwork.runtime;

import dev.clockwork.runtime.admin.OperatorLog;
import dev.clockwork.runtime.admin.QueueAdmin;
import dev.clockwork.runtime.admin.TimerAdmin;
import dev.clockwork.runtime.instance.NamespacedIds;
import dev.clockwork.runtime.store.Store;
import dev.clockwork.runtime.store.retention.RemovedTotal;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Operating an engine: its queues, its armed timers, the audit of what operators did, and what
 * retention has removed.
 *
 * <pre>{@code
 * engine.admin().queues().pause("order");
 * List<DeadLetter> dead = engine.admin().queues().deadLetters("order", 20);
 * engine.admin().queues().retry(dead.get(0).id(), Duration.ZERO);
 * List<TimerView> late = engine.admin().timers().overdue("order", 50);
 * List<OperatorAction> audit = engine.admin().operatorLog().latest(null, 20);
 * }</pre>
 */
public final class Admin {
  private final QueueAdmin queues;
  private final TimerAdmin timers;
  private final OperatorLog operatorLog;
  private final ReservedCreations reservedCreations;
  private final Store store;
  private final Supplier<Optional<Instant>> nextDue;
  private final Function<String, Namespace> namespaces;

  Admin(
      QueueAdmin queues,
      Store store,
      Clock clock,
      ReservedCreations reservedCreations,
      Supplier<Optional<Instant>> nextDue,
      Function<String, Namespace> namespaces) {
    this.queues = queues;
    this.namespaces = namespaces;
    this.nextDue = nextDue;
    this.reservedCreations = reservedCreations;
    this.store = store;
    this.timers = new TimerAdmin(store, clock);
    this.operatorLog = new OperatorLog(store, clock);
  }

  /** Operating the queues: status, pause/resume, dead letters, purges, health. */
  public QueueAdmin queues() {
    return queues;
  }

  /** The armed timers, for operators: all, due soon, overdue. */
  public TimerAdmin timers() {
    return timers;
  }

  /**
   * When an instance of a registered machine, in a queue this engine serves, next has work due (an
   * event, a timer, a retry); before now when work waits. Time travel in tests steps through these.
   */
  public Optional<Instant> nextDue() {
    return nextDue.get();
  }

  /** The durable operator audit: who retried, purged, paused or triggered what. */
  public OperatorLog operatorLog() {
    return operatorLog;
  }

  /**
   * The rows retention has removed so far, per machine with retention of its own ({@link
   * RemovedTotal#EVERY_OTHER_MACHINE} for the others) and table: every node's passes added up, from
   * the store.
   */
  public List<RemovedTotal> retentionRemoved() {
    return store.retention().removedTotals();
  }

  /**
   * Creation for Clockwork's own modules (a schedule starting its run under the reserved {@code
   * schedule:} id form, which {@code Engine.create} refuses to callers); not for applications.
   */
  public ReservedCreations reservedCreations() {
    return reservedCreations;
  }

  /**
   * The namespace holding the instance whose <em>stored</em> id ({@link NamespacedIds}) is {@code
   * storedId}, for Clockwork's own modules that keep stored ids (schedule runs, callbacks) and what
   * the lists here name; the instance is {@link NamespacedIds#idOf idOf(storedId)} in it. The
   * engine's own views take ids in their namespace and refuse a stored id of another.
   */
  public Namespace namespaceOfStoredId(String storedId) {
    return namespaces.apply(NamespacedIds.namespaceOf(storedId));
  }
}
