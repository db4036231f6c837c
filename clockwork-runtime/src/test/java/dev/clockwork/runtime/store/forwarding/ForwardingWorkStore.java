package dev.clockwork.runtime.store.forwarding;

import dev.clockwork.runtime.queue.Lease;
import dev.clockwork.runtime.store.Claim;
import dev.clockwork.runtime.store.ClaimRequest;
import dev.clockwork.runtime.store.CommitResult;
import dev.clockwork.runtime.store.StepCommit;
import dev.clockwork.runtime.store.WorkStore;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A {@link WorkStore} that forwards every call to {@link #delegate()}: a fault-injecting or
 * watching store subclasses it and overrides only the calls it changes. {@link #create} is not
 * forwarded: it is a commit of one insert, and goes through this store's {@link #commit}.
 */
public class ForwardingWorkStore implements WorkStore {
  private final WorkStore delegate;

  public ForwardingWorkStore(WorkStore delegate) {
    this.delegate = Objects.requireNonNull(delegate, "delegate");
  }

  /**
   * Where every call goes. Override it to act before each call (a store that has died throws here).
   */
  protected WorkStore delegate() {
    return delegate;
  }

  @Override
  public List<Claim> claim(ClaimRequest request) {
    return delegate().claim(request);
  }

  @Override
  public Optional<Claim> lease(String instanceId, String owner, Duration leaseTime, Instant now) {
    return delegate().lease(instanceId, owner, leaseTime, now);
  }

  @Override
  public Optional<Lease> renew(Lease lease, Instant newExpiry) {
    return delegate().renew(lease, newExpiry);
  }

  @Override
  public void release(Lease lease) {
    delegate().release(lease);
  }

  @Override
  public CommitResult commit(List<StepCommit> commits) {
    return delegate().commit(commits);
  }

  @Override
  public int deliverBroadcasts(Instant now, int pageSize) {
    return delegate().deliverBroadcasts(now, pageSize);
  }

  @Override
  public Optional<Instant> nextDue(Instant now, Set<String> machines, Set<String> queues) {
    return delegate().nextDue(now, machines, queues);
  }

  @Override
  public void awaitWork(Duration max) throws InterruptedException {
    delegate().awaitWork(max);
  }

  @Override
  public Optional<Instant> sharedTime() {
    return delegate().sharedTime();
  }
}
