package dev.clockwork.runtime.store.forwarding;

import dev.clockwork.core.interpreter.InstanceStatus;
import dev.clockwork.runtime.instance.InstanceQuery;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.InstanceRecord;
import dev.clockwork.runtime.store.InstanceStore;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A {@link InstanceStore} that forwards every call to {@link #delegate()}: a fault-injecting or
 * watching store subclasses it and overrides only the calls it changes.
 */
public class ForwardingInstanceStore implements InstanceStore {
  private final InstanceStore delegate;

  public ForwardingInstanceStore(InstanceStore delegate) {
    this.delegate = Objects.requireNonNull(delegate, "delegate");
  }

  /**
   * Where every call goes. Override it to act before each call (a store that has died throws here).
   */
  protected InstanceStore delegate() {
    return delegate;
  }

  @Override
  public Optional<InstanceRecord> find(String instanceId) {
    return delegate().find(instanceId);
  }

  @Override
  public Map<String, InstanceStatus> statuses(Collection<String> instanceIds) {
    return delegate().statuses(instanceIds);
  }

  @Override
  public Optional<InstanceRecord> findInConversation(String conversationId, String machine) {
    return delegate().findInConversation(conversationId, machine);
  }

  @Override
  public List<HistoryEntry> history(String instanceId, long afterSequence, int limit) {
    return delegate().history(instanceId, afterSequence, limit);
  }

  @Override
  public List<String> instancesIn(
      String machine, String state, String namespace, String afterId, int limit) {
    return delegate().instancesIn(machine, state, namespace, afterId, limit);
  }

  @Override
  public List<String> instanceIds(String machine) {
    return delegate().instanceIds(machine);
  }

  @Override
  public List<InstanceRecord> search(InstanceQuery query) {
    return delegate().search(query);
  }

  @Override
  public List<String> machines() {
    return delegate().machines();
  }
}
