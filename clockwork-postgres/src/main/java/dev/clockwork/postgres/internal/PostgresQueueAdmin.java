package dev.clockwork.postgres.internal;

import dev.clockwork.runtime.queue.DeadLetter;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.queue.RetriedDeadLetter;
import dev.clockwork.runtime.store.ExpiredLease;
import dev.clockwork.runtime.store.QueueAdminStore;
import dev.clockwork.runtime.store.QueueStats;
import dev.clockwork.runtime.store.TimerPosition;
import dev.clockwork.runtime.store.TimerView;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** The PostgreSQL store's queue operations role: figures, pauses, dead letters, purges, looks. */
public final class PostgresQueueAdmin implements QueueAdminStore {
  private final QueueOperations operations;
  private final ExpiredLeases expiredLeases;
  private final ArmedTimers timers;

  public PostgresQueueAdmin(Jdbc jdbc) {
    this.operations = new QueueOperations(jdbc);
    this.expiredLeases = new ExpiredLeases(jdbc);
    this.timers = new ArmedTimers(jdbc);
  }

  @Override
  public QueueStats queueStats(String machine, Instant now) {
    return operations.stats(machine, now);
  }

  @Override
  public void pause(String machine) {
    operations.setPaused(machine, true, null);
  }

  @Override
  public void resume(String machine) {
    operations.setPaused(machine, false, null);
  }

  @Override
  public boolean isPaused(String machine) {
    return operations.isPaused(machine);
  }

  @Override
  public Optional<DeadLetter> deadLetter(long id) {
    return operations.deadLetter(id);
  }

  @Override
  public List<DeadLetter> deadLetters(String machine, String namespace, long afterId, int limit) {
    return operations.deadLetters(machine, namespace, afterId, limit);
  }

  @Override
  public Optional<QueuedEvent> retryDeadLetter(long id, Instant availableAt) {
    return operations.retry(id, availableAt);
  }

  @Override
  public Optional<RetriedDeadLetter> retriedDeadLetter(long id) {
    return operations.retried(id);
  }

  @Override
  public int purgeDeadLetters(String machine, Instant olderThan) {
    return operations.purgeDeadLetters(machine, olderThan);
  }

  @Override
  public int purgePending(String machine, Instant olderThan, Instant now) {
    return operations.purgePending(machine, olderThan, now);
  }

  /**
   * {@inheritDoc} Reads the machine's queued events through {@code cw_queue_machine} and keeps the
   * top {@code limit}: for an operator's look, not for a hot path.
   */
  @Override
  public List<QueuedEvent> queuedEvents(String machine, int limit) {
    return operations.queued(machine, limit);
  }

  @Override
  public List<ExpiredLease> expiredLeases(Instant now, int limit) {
    return expiredLeases.at(now, limit);
  }

  @Override
  public List<TimerView> armedTimers(
      String machine, String namespace, String statePrefix, TimerPosition after, int limit) {
    return timers.armed(machine, namespace, statePrefix, after, limit);
  }
}
