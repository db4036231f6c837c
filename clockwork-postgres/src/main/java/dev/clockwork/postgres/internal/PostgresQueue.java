package dev.clockwork.postgres.internal;

import dev.clockwork.runtime.queue.EventStatus;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.IdempotencyRecord;
import dev.clockwork.runtime.store.QueueStore;
import java.util.Optional;

/**
 * The PostgreSQL store's queue role: {@code cw_queue} written and counted, keys, event statuses.
 */
public final class PostgresQueue implements QueueStore {
  private final Enqueues enqueues;
  private final IdempotencyKeys keys;
  private final EventStatuses statuses;
  private final QueueRows rows;
  private final WorkSignal signal;

  /**
   * @param signal poked after each enqueue: this process's idle workers wake before PostgreSQL's
   *     notification of it comes back (which the signal then does not count again)
   */
  public PostgresQueue(Jdbc jdbc, WorkSignal signal) {
    this.signal = signal;
    this.enqueues = new Enqueues(jdbc);
    this.keys = new IdempotencyKeys(jdbc);
    this.statuses = new EventStatuses(jdbc);
    this.rows = new QueueRows(jdbc);
  }

  /**
   * {@inheritDoc}
   *
   * <p>The event goes into the instance row's queue head when the row can be locked at once; while
   * a claim or a commit holds it, a marker takes its place until the next claim merges it.
   */
  @Override
  public QueuedEvent enqueue(QueuedEvent event) {
    QueuedEvent queued = enqueues.enqueue(event, signal.own());
    signal.poke(QueueRows.CHANNEL);
    return queued;
  }

  @Override
  public Optional<IdempotencyRecord> idempotencyRecord(String instanceId, String key) {
    return keys.record(instanceId, key);
  }

  @Override
  public Optional<EventStatus> eventStatus(String instanceId, long eventId) {
    return statuses.find(instanceId, eventId);
  }

  @Override
  public long pendingEvents() {
    return rows.pendingEvents();
  }

  @Override
  public long pendingEvents(String instanceId) {
    return rows.pendingEvents(instanceId);
  }

  @Override
  public boolean pendingAbove(long threshold) {
    return rows.pendingAbove(threshold);
  }
}
