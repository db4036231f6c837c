package dev.clockwork.runtime.store;

import dev.clockwork.runtime.store.callback.CallbackState;
import dev.clockwork.runtime.store.callback.DeliveryAttempt;
import dev.clockwork.runtime.store.callback.NewCallback;
import dev.clockwork.runtime.store.callback.StoredCallback;
import java.time.Instant;
import java.util.List;

/**
 * The store's role that keeps the callbacks of queued API events and their delivery attempts, for
 * the server that delivers them (SPI: a role of {@link Store}; an implementation must keep {@link
 * #claim} exclusive across every server sharing the store).
 */
public interface CallbackStore {
  /**
   * Stores {@code callback} in state {@code waiting}, or returns the one already stored for its
   * instance and event key (a retried request registers nothing new).
   */
  StoredCallback register(NewCallback callback);

  /** Records the queue id of the callback's event. */
  void bind(long id, long eventId);

  /**
   * Callbacks with no event id yet, registered at or before {@code createdBefore}, oldest first.
   */
  List<StoredCallback> unbound(Instant createdBefore, int limit);

  /** Waiting callbacks with an event id, by id after {@code afterId}. */
  List<StoredCallback> waiting(long afterId, int limit);

  /** The waiting callbacks of one event. */
  List<StoredCallback> waitingFor(String instanceId, long eventId);

  /** Moves a waiting callback to due: its event's outcome is known and {@code body} is to send. */
  void settle(long id, String outcome, String body, Instant dueAt);

  /** Gives up on a callback that will never be sent, saying why. */
  void abandon(long id, String reason);

  /**
   * Leases up to {@code limit} due callbacks (next attempt at or before {@code now}, not leased by
   * anyone else until after {@code now}) to {@code owner} until {@code leaseUntil}. Two servers
   * never lease the same callback at once.
   */
  List<StoredCallback> claim(String owner, Instant now, Instant leaseUntil, int limit);

  /**
   * Records an attempt of a callback {@code owner} leased, and what follows: {@code delivered}, due
   * again at {@code nextAttemptAt}, or {@code failed}; releases the lease.
   *
   * @return false (and nothing recorded) when the lease was lost
   */
  boolean record(
      long id, String owner, DeliveryAttempt attempt, CallbackState next, Instant nextAttemptAt);

  /** Every callback of one event, oldest first. */
  List<StoredCallback> forEvent(String instanceId, long eventId);

  /** The attempts of a callback, in order. */
  List<DeliveryAttempt> attempts(long id);
}
