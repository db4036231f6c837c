package dev.clockwork.runtime.store.forwarding;

import dev.clockwork.runtime.store.ActivityStore;
import dev.clockwork.runtime.store.CallbackStore;
import dev.clockwork.runtime.store.DefinitionStore;
import dev.clockwork.runtime.store.InstanceStore;
import dev.clockwork.runtime.store.OperatorLogStore;
import dev.clockwork.runtime.store.QueueAdminStore;
import dev.clockwork.runtime.store.QueueStore;
import dev.clockwork.runtime.store.RegionJobStore;
import dev.clockwork.runtime.store.RetentionStore;
import dev.clockwork.runtime.store.Store;
import dev.clockwork.runtime.store.WorkStore;
import java.util.Objects;

/**
 * A {@link Store} that hands out {@link #delegate()}'s roles: a fault-injecting or watching store
 * subclasses it and overrides the roles it changes, each with the role's forwarding base ({@link
 * ForwardingWorkStore}, ...) overriding only the calls it changes.
 */
public class ForwardingStore implements Store {
  private final Store delegate;

  public ForwardingStore(Store delegate) {
    this.delegate = Objects.requireNonNull(delegate, "delegate");
  }

  /** The store underneath. */
  protected Store delegate() {
    return delegate;
  }

  @Override
  public InstanceStore instances() {
    return delegate().instances();
  }

  @Override
  public QueueStore queue() {
    return delegate().queue();
  }

  @Override
  public WorkStore work() {
    return delegate().work();
  }

  @Override
  public QueueAdminStore queueAdmin() {
    return delegate().queueAdmin();
  }

  @Override
  public ActivityStore activity() {
    return delegate().activity();
  }

  @Override
  public OperatorLogStore operatorLog() {
    return delegate().operatorLog();
  }

  @Override
  public RegionJobStore regionJobs() {
    return delegate().regionJobs();
  }

  @Override
  public CallbackStore callbacks() {
    return delegate().callbacks();
  }

  @Override
  public RetentionStore retention() {
    return delegate().retention();
  }

  @Override
  public DefinitionStore definitions() {
    return delegate().definitions();
  }
}
