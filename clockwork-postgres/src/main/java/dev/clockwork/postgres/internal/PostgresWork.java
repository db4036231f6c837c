package dev.clockwork.postgres.internal;

import dev.clockwork.runtime.queue.Lease;
import dev.clockwork.runtime.store.Claim;
import dev.clockwork.runtime.store.ClaimRequest;
import dev.clockwork.runtime.store.CommitResult;
import dev.clockwork.runtime.store.StepCommit;
import dev.clockwork.runtime.store.WorkStore;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The PostgreSQL store's work role: claims, leases and commits fenced by lease tokens, broadcast
 * delivery, and waiting for work with {@code LISTEN} on the store's listening connection ({@link
 * #close()} closes it).
 */
public final class PostgresWork implements WorkStore, AutoCloseable {
  private final Claims claims;
  private final Leases leases;
  private final Commits commits;
  private final Broadcasts broadcasts;
  private final DueWork due;
  private final WorkSignal signal;
  private final DatabaseClock clock;

  /**
   * @param signal the store's listening connection, on {@value QueueRows#CHANNEL} among others
   */
  public PostgresWork(Jdbc jdbc, WorkSignal signal) {
    this.claims = new Claims(jdbc);
    this.leases = new Leases(jdbc);
    this.commits = new Commits(jdbc);
    this.broadcasts = new Broadcasts(jdbc);
    this.due = new DueWork(jdbc);
    this.signal = signal;
    this.clock = new DatabaseClock(jdbc);
  }

  @Override
  public List<Claim> claim(ClaimRequest request) {
    return claims.claim(request);
  }

  @Override
  public Optional<Claim> lease(String instanceId, String owner, Duration leaseTime, Instant now) {
    return leases.lease(instanceId, owner, leaseTime, now);
  }

  @Override
  public Optional<Lease> renew(Lease lease, Instant newExpiry) {
    return leases.renew(lease, newExpiry);
  }

  @Override
  public void release(Lease lease) {
    leases.release(lease);
  }

  @Override
  public CommitResult commit(List<StepCommit> batch) {
    return commits.commit(batch);
  }

  @Override
  public int deliverBroadcasts(Instant now, int pageSize) {
    return broadcasts.deliver(now, pageSize);
  }

  /**
   * {@inheritDoc}
   *
   * <p>Rounded up to the microsecond: a clock moved to it finds the work due.
   */
  @Override
  public Optional<Instant> nextDue(Instant now, Set<String> machines, Set<String> queues) {
    return due.nextDue(now, machines, queues);
  }

  @Override
  public void awaitWork(Duration max) throws InterruptedException {
    signal.await(QueueRows.CHANNEL, max);
  }

  /** {@inheritDoc} PostgreSQL's {@code clock_timestamp()}. */
  @Override
  public Optional<Instant> sharedTime() {
    return Optional.of(clock.now());
  }

  /** Stops listening for work. */
  @Override
  public void close() {
    signal.close();
  }
}
