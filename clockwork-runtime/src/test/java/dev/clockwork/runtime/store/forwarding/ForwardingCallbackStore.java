package dev.clockwork.runtime.store.forwarding;

import dev.clockwork.runtime.store.CallbackStore;
import dev.clockwork.runtime.store.callback.CallbackState;
import dev.clockwork.runtime.store.callback.DeliveryAttempt;
import dev.clockwork.runtime.store.callback.NewCallback;
import dev.clockwork.runtime.store.callback.StoredCallback;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * A {@link CallbackStore} that forwards every call to {@link #delegate()}: a fault-injecting or
 * watching store subclasses it and overrides only the calls it changes.
 */
public class ForwardingCallbackStore implements CallbackStore {
  private final CallbackStore delegate;

  public ForwardingCallbackStore(CallbackStore delegate) {
    this.delegate = Objects.requireNonNull(delegate, "delegate");
  }

  /**
   * Where every call goes. Override it to act before each call (a store that has died throws here).
   */
  protected CallbackStore delegate() {
    return delegate;
  }

  @Override
  public StoredCallback register(NewCallback callback) {
    return delegate().register(callback);
  }

  @Override
  public void bind(long id, long eventId) {
    delegate().bind(id, eventId);
  }

  @Override
  public List<StoredCallback> unbound(Instant createdBefore, int limit) {
    return delegate().unbound(createdBefore, limit);
  }

  @Override
  public List<StoredCallback> waiting(long afterId, int limit) {
    return delegate().waiting(afterId, limit);
  }

  @Override
  public List<StoredCallback> waitingFor(String instanceId, long eventId) {
    return delegate().waitingFor(instanceId, eventId);
  }

  @Override
  public void settle(long id, String outcome, String body, Instant dueAt) {
    delegate().settle(id, outcome, body, dueAt);
  }

  @Override
  public void abandon(long id, String reason) {
    delegate().abandon(id, reason);
  }

  @Override
  public List<StoredCallback> claim(String owner, Instant now, Instant leaseUntil, int limit) {
    return delegate().claim(owner, now, leaseUntil, limit);
  }

  @Override
  public boolean record(
      long id, String owner, DeliveryAttempt attempt, CallbackState next, Instant nextAttemptAt) {
    return delegate().record(id, owner, attempt, next, nextAttemptAt);
  }

  @Override
  public List<StoredCallback> forEvent(String instanceId, long eventId) {
    return delegate().forEvent(instanceId, eventId);
  }

  @Override
  public List<DeliveryAttempt> attempts(long id) {
    return delegate().attempts(id);
  }
}
