package dev.clockwork.runtime.store.forwarding;

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
import java.util.Objects;
import java.util.Optional;

/**
 * A {@link QueueAdminStore} that forwards every call to {@link #delegate()}: a fault-injecting or
 * watching store subclasses it and overrides only the calls it changes.
 */
public class ForwardingQueueAdminStore implements QueueAdminStore {
  private final QueueAdminStore delegate;

  public ForwardingQueueAdminStore(QueueAdminStore delegate) {
    this.delegate = Objects.requireNonNull(delegate, "delegate");
  }

  /**
   * Where every call goes. Override it to act before each call (a store that has died throws here).
   */
  protected QueueAdminStore delegate() {
    return delegate;
  }

  @Override
  public QueueStats queueStats(String machine, Instant now) {
    return delegate().queueStats(machine, now);
  }

  @Override
  public void pause(String machine) {
    delegate().pause(machine);
  }

  @Override
  public void resume(String machine) {
    delegate().resume(machine);
  }

  @Override
  public boolean isPaused(String machine) {
    return delegate().isPaused(machine);
  }

  @Override
  public Optional<DeadLetter> deadLetter(long id) {
    return delegate().deadLetter(id);
  }

  @Override
  public List<DeadLetter> deadLetters(String machine, String namespace, long afterId, int limit) {
    return delegate().deadLetters(machine, namespace, afterId, limit);
  }

  @Override
  public Optional<QueuedEvent> retryDeadLetter(long id, Instant availableAt) {
    return delegate().retryDeadLetter(id, availableAt);
  }

  @Override
  public int purgeDeadLetters(String machine, Instant olderThan) {
    return delegate().purgeDeadLetters(machine, olderThan);
  }

  @Override
  public int purgePending(String machine, Instant olderThan, Instant now) {
    return delegate().purgePending(machine, olderThan, now);
  }

  @Override
  public List<QueuedEvent> queuedEvents(String machine, int limit) {
    return delegate().queuedEvents(machine, limit);
  }

  @Override
  public List<ExpiredLease> expiredLeases(Instant now, int limit) {
    return delegate().expiredLeases(now, limit);
  }

  @Override
  public Optional<RetriedDeadLetter> retriedDeadLetter(long id) {
    return delegate().retriedDeadLetter(id);
  }

  @Override
  public List<TimerView> armedTimers(
      String machine, String namespace, String statePrefix, TimerPosition after, int limit) {
    return delegate().armedTimers(machine, namespace, statePrefix, after, limit);
  }
}
