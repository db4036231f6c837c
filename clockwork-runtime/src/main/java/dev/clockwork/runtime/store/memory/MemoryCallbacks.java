package dev.clockwork.runtime.store.memory;

import dev.clockwork.runtime.store.CallbackStore;
import dev.clockwork.runtime.store.callback.CallbackState;
import dev.clockwork.runtime.store.callback.DeliveryAttempt;
import dev.clockwork.runtime.store.callback.NewCallback;
import dev.clockwork.runtime.store.callback.StoredCallback;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * The in-memory store's callbacks role, for a server over an in-memory engine (whose events do not
 * survive a restart either), under the store's lock; claims are exclusive within the JVM.
 */
final class MemoryCallbacks implements CallbackStore {
  private final Object lock;
  private final TreeMap<Long, Row> rows = new TreeMap<>();
  private final Map<Long, List<DeliveryAttempt>> attempts = new HashMap<>();
  private long nextId = 1;

  private static final class Row {
    StoredCallback callback;
    String leaseOwner;
    Instant leaseUntil;

    Row(StoredCallback callback) {
      this.callback = callback;
    }
  }

  MemoryCallbacks(Object lock) {
    this.lock = lock;
  }

  @Override
  public StoredCallback register(NewCallback c) {
    synchronized (lock) {
      for (Row row : rows.values()) {
        StoredCallback s = row.callback;
        if (s.instanceId().equals(c.instanceId()) && s.eventKey().equals(c.eventKey())) {
          return s;
        }
      }
      long id = nextId++;
      StoredCallback stored =
          new StoredCallback(
              id,
              c.instanceId(),
              c.eventKey(),
              0,
              c.type(),
              c.payload(),
              c.priority(),
              c.url(),
              c.principal(),
              CallbackState.WAITING,
              null,
              null,
              0,
              null,
              null,
              null,
              null,
              c.createdAt());
      rows.put(id, new Row(stored));
      attempts.put(id, new ArrayList<>());
      return stored;
    }
  }

  @Override
  public void bind(long id, long eventId) {
    update(
        id,
        s -> copy(s, eventId, s.state(), s.outcome(), s.body(), s.nextAttemptAt(), s.lastError()));
  }

  @Override
  public List<StoredCallback> unbound(Instant createdBefore, int limit) {
    return select(
        s ->
            s.state() == CallbackState.WAITING
                && s.eventId() == 0
                && !s.createdAt().isAfter(createdBefore),
        limit);
  }

  @Override
  public List<StoredCallback> waiting(long afterId, int limit) {
    return select(
        s -> s.id() > afterId && s.state() == CallbackState.WAITING && s.eventId() != 0, limit);
  }

  @Override
  public List<StoredCallback> waitingFor(String instanceId, long eventId) {
    return select(
        s ->
            s.state() == CallbackState.WAITING
                && s.eventId() == eventId
                && s.instanceId().equals(instanceId),
        Integer.MAX_VALUE);
  }

  @Override
  public void settle(long id, String outcome, String body, Instant dueAt) {
    update(
        id,
        s ->
            s.state() != CallbackState.WAITING
                ? s
                : copy(s, s.eventId(), CallbackState.DUE, outcome, body, dueAt, null));
  }

  @Override
  public void abandon(long id, String reason) {
    update(
        id,
        s -> copy(s, s.eventId(), CallbackState.ABANDONED, s.outcome(), s.body(), null, reason));
  }

  @Override
  public List<StoredCallback> claim(String owner, Instant now, Instant leaseUntil, int limit) {
    synchronized (lock) {
      List<StoredCallback> claimed = new ArrayList<>();
      rows.values().stream()
          .filter(r -> r.callback.state() == CallbackState.DUE)
          .filter(r -> !r.callback.nextAttemptAt().isAfter(now))
          .filter(r -> r.leaseUntil == null || r.leaseUntil.isBefore(now))
          .sorted(Comparator.comparing(r -> r.callback.nextAttemptAt()))
          .limit(limit)
          .forEach(
              r -> {
                r.leaseOwner = owner;
                r.leaseUntil = leaseUntil;
                claimed.add(r.callback);
              });
      return claimed;
    }
  }

  @Override
  public boolean record(
      long id, String owner, DeliveryAttempt attempt, CallbackState next, Instant nextAttemptAt) {
    synchronized (lock) {
      Row row = rows.get(id);
      if (row == null || !owner.equals(row.leaseOwner)) {
        return false;
      }
      StoredCallback s = row.callback;
      row.callback =
          new StoredCallback(
              s.id(),
              s.instanceId(),
              s.eventKey(),
              s.eventId(),
              s.type(),
              s.payload(),
              s.priority(),
              s.url(),
              s.principal(),
              next,
              s.outcome(),
              s.body(),
              attempt.attempt(),
              nextAttemptAt,
              attempt.succeeded() ? attempt.at() : null,
              attempt.status(),
              attempt.error(),
              s.createdAt());
      row.leaseOwner = null;
      row.leaseUntil = null;
      attempts.get(id).add(attempt);
      return true;
    }
  }

  @Override
  public List<StoredCallback> forEvent(String instanceId, long eventId) {
    return select(
        s -> s.eventId() == eventId && s.instanceId().equals(instanceId), Integer.MAX_VALUE);
  }

  @Override
  public List<DeliveryAttempt> attempts(long id) {
    synchronized (lock) {
      return List.copyOf(attempts.getOrDefault(id, List.of()));
    }
  }

  /**
   * Removes up to {@code limit} callbacks {@code which} picks, by id, with their attempts; returns
   * how many.
   */
  int remove(Predicate<StoredCallback> which, int limit) {
    synchronized (lock) {
      List<Long> ids =
          rows.values().stream()
              .map(row -> row.callback)
              .filter(which)
              .limit(limit)
              .map(StoredCallback::id)
              .toList();
      ids.forEach(
          id -> {
            rows.remove(id);
            attempts.remove(id);
          });
      return ids.size();
    }
  }

  /** When each callback {@code which} picks was registered. */
  List<Instant> registeredAt(Predicate<StoredCallback> which) {
    synchronized (lock) {
      return rows.values().stream()
          .map(row -> row.callback)
          .filter(which)
          .map(StoredCallback::createdAt)
          .toList();
    }
  }

  private List<StoredCallback> select(Predicate<StoredCallback> which, int limit) {
    synchronized (lock) {
      return rows.values().stream().map(r -> r.callback).filter(which).limit(limit).toList();
    }
  }

  private void update(long id, UnaryOperator<StoredCallback> change) {
    synchronized (lock) {
      Row row = Objects.requireNonNull(rows.get(id), () -> "no callback " + id);
      row.callback = change.apply(row.callback);
    }
  }

  private static StoredCallback copy(
      StoredCallback s,
      long eventId,
      CallbackState state,
      String outcome,
      String body,
      Instant nextAttemptAt,
      String lastError) {
    return new StoredCallback(
        s.id(),
        s.instanceId(),
        s.eventKey(),
        eventId,
        s.type(),
        s.payload(),
        s.priority(),
        s.url(),
        s.principal(),
        state,
        outcome,
        body,
        s.attempts(),
        nextAttemptAt,
        s.deliveredAt(),
        s.lastStatus(),
        lastError,
        s.createdAt());
  }
}
