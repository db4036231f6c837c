package dev.clockwork.runtime.store.memory;

import dev.clockwork.core.interpreter.ArmedTimer;
import dev.clockwork.core.interpreter.InstanceStatus;
import dev.clockwork.runtime.instance.NamespacedIds;
import dev.clockwork.runtime.queue.DeadLetter;
import dev.clockwork.runtime.queue.Lease;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.queue.RetriedDeadLetter;
import dev.clockwork.runtime.store.ExpiredLease;
import dev.clockwork.runtime.store.InstanceRecord;
import dev.clockwork.runtime.store.QueueAdminStore;
import dev.clockwork.runtime.store.QueueStats;
import dev.clockwork.runtime.store.TimerPosition;
import dev.clockwork.runtime.store.TimerView;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/** The in-memory store's queue operations role. */
final class MemoryQueueAdmin implements QueueAdminStore {
  private final MemoryData data;

  MemoryQueueAdmin(MemoryData data) {
    this.data = data;
  }

  @Override
  public QueueStats queueStats(String machine, Instant now) {
    synchronized (data) {
      long pending = 0;
      Instant oldest = null;
      for (TreeMap<Long, QueuedEvent> queue : data.queues.values()) {
        for (QueuedEvent event : queue.values()) {
          if (machine.equals(event.machine())) {
            pending++;
            oldest =
                oldest == null || event.enqueuedAt().isBefore(oldest) ? event.enqueuedAt() : oldest;
          }
        }
      }
      long processing = data.leasedCount(machine, now, Set.of());
      long dead = data.deadLetters.count(machine);
      return new QueueStats(
          machine, pending, processing, dead, data.paused.contains(machine), oldest);
    }
  }

  @Override
  public void pause(String machine) {
    synchronized (data) {
      data.paused.add(machine);
    }
  }

  @Override
  public void resume(String machine) {
    synchronized (data) {
      if (data.paused.remove(machine)) {
        data.notifyAll();
      }
    }
  }

  @Override
  public boolean isPaused(String machine) {
    synchronized (data) {
      return data.paused.contains(machine);
    }
  }

  @Override
  public Optional<DeadLetter> deadLetter(long id) {
    synchronized (data) {
      return data.deadLetters.find(id);
    }
  }

  @Override
  public List<DeadLetter> deadLetters(String machine, String namespace, long afterId, int limit) {
    synchronized (data) {
      return data.deadLetters.list(machine, namespace, afterId, limit);
    }
  }

  @Override
  public Optional<QueuedEvent> retryDeadLetter(long id, Instant availableAt) {
    synchronized (data) {
      Optional<QueuedEvent> retried =
          data.deadLetters
              .take(id)
              .map(
                  dead -> {
                    QueuedEvent event = data.enqueue(requeued(dead.event(), availableAt));
                    data.deadLetters.retried(RetriedDeadLetter.of(dead, event));
                    return event;
                  });
      data.notifyAll();
      return retried;
    }
  }

  @Override
  public Optional<RetriedDeadLetter> retriedDeadLetter(long id) {
    synchronized (data) {
      return data.deadLetters.findRetried(id);
    }
  }

  /** A dead event back in its queue: attempts reset, its errors kept, no idempotency key. */
  private static QueuedEvent requeued(QueuedEvent dead, Instant availableAt) {
    return new QueuedEvent(
        0,
        dead.instanceId(),
        dead.machine(),
        dead.event(),
        dead.source(),
        dead.conversationId(),
        0,
        availableAt,
        availableAt,
        dead.errors(),
        dead.priority(),
        null);
  }

  @Override
  public int purgeDeadLetters(String machine, Instant olderThan) {
    synchronized (data) {
      return data.deadLetters.purge(machine, olderThan);
    }
  }

  @Override
  public int purgePending(String machine, Instant olderThan, Instant now) {
    synchronized (data) {
      int purged = 0;
      for (String instanceId : new ArrayList<>(data.queues.keySet())) {
        if (data.isLeased(instanceId, now)) {
          continue;
        }
        TreeMap<Long, QueuedEvent> queue = data.queues.get(instanceId);
        int before = queue.size();
        queue
            .values()
            .removeIf(
                e ->
                    machine.equals(e.machine())
                        && (olderThan == null || e.enqueuedAt().isBefore(olderThan)));
        purged += before - queue.size();
        if (queue.isEmpty()) {
          data.queues.remove(instanceId);
        }
        data.reindex(instanceId);
      }
      return purged;
    }
  }

  @Override
  public List<QueuedEvent> queuedEvents(String machine, int limit) {
    synchronized (data) {
      return data.queues.values().stream()
          .flatMap(queue -> queue.values().stream())
          .filter(event -> machine.equals(event.machine()))
          .sorted(
              Comparator.comparing(QueuedEvent::priority)
                  .thenComparing(QueuedEvent::enqueuedAt)
                  .thenComparingLong(QueuedEvent::id))
          .limit(limit)
          .toList();
    }
  }

  @Override
  public List<ExpiredLease> expiredLeases(Instant now, int limit) {
    synchronized (data) {
      return data.leases.values().stream()
          .filter(lease -> !lease.expiresAt().isAfter(now))
          .sorted(Comparator.comparing(Lease::expiresAt).thenComparing(Lease::instanceId))
          .limit(limit)
          .map(
              lease ->
                  new ExpiredLease(
                      lease.instanceId(),
                      data.instances.get(lease.instanceId()).machine(),
                      lease.owner(),
                      lease.expiresAt()))
          .toList();
    }
  }

  @Override
  public List<TimerView> armedTimers(
      String machine, String namespace, String statePrefix, TimerPosition after, int limit) {
    List<TimerView> views = new ArrayList<>();
    synchronized (data) {
      for (InstanceRecord record : data.instances.values()) {
        if (record.status() == InstanceStatus.ACTIVE
            && (machine == null || machine.equals(record.machine()))
            && NamespacedIds.in(namespace, record.id())) {
          for (ArmedTimer timer : record.timers()) {
            String state = timer.statePath();
            boolean inPrefix =
                statePrefix == null
                    || state.equals(statePrefix)
                    || state.startsWith(statePrefix + ".");
            if (!timer.failed() && inPrefix) {
              TimerView view = view(record, timer);
              if (after == null || after.isBefore(view)) {
                views.add(view);
              }
            }
          }
        }
      }
    }
    views.sort(TimerPosition.ORDER);
    return views.size() > limit ? List.copyOf(views.subList(0, limit)) : views;
  }

  /** A timer as operators see it: a fire waiting for a retry shows its retry instant. */
  private static TimerView view(InstanceRecord record, ArmedTimer timer) {
    Instant due = record.isRetrying(timer) ? record.fireRetry().retryAt() : timer.due();
    return new TimerView(
        record.id(),
        record.machine(),
        timer.statePath(),
        timer.event(),
        due,
        timer.fires(),
        timer.key());
  }
}
