package dev.clockwork.runtime.store.forwarding;

import dev.clockwork.runtime.store.ActivitySample;
import dev.clockwork.runtime.store.ActivityStore;
import dev.clockwork.runtime.store.QueueActivity;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * A {@link ActivityStore} that forwards every call to {@link #delegate()}: a fault-injecting or
 * watching store subclasses it and overrides only the calls it changes.
 */
public class ForwardingActivityStore implements ActivityStore {
  private final ActivityStore delegate;

  public ForwardingActivityStore(ActivityStore delegate) {
    this.delegate = Objects.requireNonNull(delegate, "delegate");
  }

  /**
   * Where every call goes. Override it to act before each call (a store that has died throws here).
   */
  protected ActivityStore delegate() {
    return delegate;
  }

  @Override
  public void record(List<ActivitySample> samples) {
    delegate().record(samples);
  }

  @Override
  public QueueActivity sum(String machine, Instant from, Instant to) {
    return delegate().sum(machine, from, to);
  }

  @Override
  public List<ActivitySample> minutes(String machine, Instant from, Instant to) {
    return delegate().minutes(machine, from, to);
  }

  @Override
  public int purge(Instant before) {
    return delegate().purge(before);
  }
}
