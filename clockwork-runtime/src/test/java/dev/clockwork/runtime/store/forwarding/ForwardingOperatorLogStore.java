package dev.clockwork.runtime.store.forwarding;

import dev.clockwork.runtime.audit.OperatorAction;
import dev.clockwork.runtime.store.OperatorLogStore;
import java.util.List;
import java.util.Objects;

/**
 * A {@link OperatorLogStore} that forwards every call to {@link #delegate()}: a fault-injecting or
 * watching store subclasses it and overrides only the calls it changes.
 */
public class ForwardingOperatorLogStore implements OperatorLogStore {
  private final OperatorLogStore delegate;

  public ForwardingOperatorLogStore(OperatorLogStore delegate) {
    this.delegate = Objects.requireNonNull(delegate, "delegate");
  }

  /**
   * Where every call goes. Override it to act before each call (a store that has died throws here).
   */
  protected OperatorLogStore delegate() {
    return delegate;
  }

  @Override
  public OperatorAction append(OperatorAction action) {
    return delegate().append(action);
  }

  @Override
  public List<OperatorAction> list(String namespace, long beforeId, int limit) {
    return delegate().list(namespace, beforeId, limit);
  }
}
