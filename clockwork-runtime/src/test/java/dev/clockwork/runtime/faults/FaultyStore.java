package dev.clockwork.runtime.faults;

import dev.clockwork.runtime.audit.OperatorAction;
import dev.clockwork.runtime.instance.InstanceQuery;
import dev.clockwork.runtime.queue.DeadLetter;
import dev.clockwork.runtime.queue.EventStatus;
import dev.clockwork.runtime.queue.Lease;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.ActivitySample;
import dev.clockwork.runtime.store.Claim;
import dev.clockwork.runtime.store.ClaimRequest;
import dev.clockwork.runtime.store.CommitResult;
import dev.clockwork.runtime.store.ExpiredLease;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.IdempotencyRecord;
import dev.clockwork.runtime.store.InstanceRecord;
import dev.clockwork.runtime.store.JobClaim;
import dev.clockwork.runtime.store.JobLease;
import dev.clockwork.runtime.store.QueueActivity;
import dev.clockwork.runtime.store.QueueStats;
import dev.clockwork.runtime.store.RegionJob;
import dev.clockwork.runtime.store.StepCommit;
import dev.clockwork.runtime.store.Store;
import dev.clockwork.runtime.store.TimerView;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * A store that dies at a chosen point, as the process using it would: on the n-th commit, before it
 * is written or right after (the caller never learns it was written), or before delivering
 * broadcasts. From then on every call fails, so the engine that used it is as good as gone; a new
 * engine on the store underneath takes over once the dead one's leases expire.
 */
public final class FaultyStore implements Store {
  /** Where the store dies. */
  public enum Point {
    /** The n-th commit fails and writes nothing. */
    BEFORE_COMMIT,
    /** The n-th commit is written, then fails: its caller never hears that it was. */
    AFTER_COMMIT,
    /** The n-th broadcast delivery fails before it starts: the broadcasts wait in the store. */
    BEFORE_BROADCAST
  }

  /** What a dead store throws. */
  public static final class Crash extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Crash(String where) {
      super("crash point reached: " + where, null, false, false);
    }
  }

  private final Store delegate;
  private final Point point;
  private int countdown;
  private volatile boolean dead;

  /** A store that dies at {@code point} the {@code nth} time it is reached (1 = the first). */
  public FaultyStore(Store delegate, Point point, int nth) {
    this.delegate = delegate;
    this.point = point;
    this.countdown = nth;
  }

  public boolean dead() {
    return dead;
  }

  private void alive() {
    if (dead) {
      throw new Crash("the store died earlier");
    }
  }

  private synchronized CommitResult commit(List<StepCommit> commits, Supplier<CommitResult> write) {
    alive();
    if (point == Point.BEFORE_COMMIT && countdown-- == 1) {
      dead = true;
      throw new Crash("before commit");
    }
    CommitResult result = write.get();
    if (point == Point.AFTER_COMMIT && countdown-- == 1) {
      dead = true;
      throw new Crash("after commit");
    }
    return result;
  }

  @Override
  public Optional<InstanceRecord> find(String instanceId) {
    alive();
    return delegate.find(instanceId);
  }

  @Override
  public Optional<InstanceRecord> findInConversation(String conversationId, String machine) {
    alive();
    return delegate.findInConversation(conversationId, machine);
  }

  @Override
  public List<HistoryEntry> history(String instanceId, long afterSequence, int limit) {
    alive();
    return delegate.history(instanceId, afterSequence, limit);
  }

  @Override
  public List<String> instancesIn(String machine, String state, String afterId, int limit) {
    alive();
    return delegate.instancesIn(machine, state, afterId, limit);
  }

  @Override
  public List<String> instanceIds(String machine) {
    alive();
    return delegate.instanceIds(machine);
  }

  @Override
  public List<InstanceRecord> instances(InstanceQuery query) {
    alive();
    return delegate.instances(query);
  }

  @Override
  public QueuedEvent enqueue(QueuedEvent event) {
    alive();
    return delegate.enqueue(event);
  }

  @Override
  public Optional<Map<String, Object>> outcome(String instanceId, String key) {
    alive();
    return delegate.outcome(instanceId, key);
  }

  @Override
  public Optional<IdempotencyRecord> idempotencyRecord(String instanceId, String key) {
    alive();
    return delegate.idempotencyRecord(instanceId, key);
  }

  @Override
  public Optional<EventStatus> eventStatus(String instanceId, long eventId) {
    alive();
    return delegate.eventStatus(instanceId, eventId);
  }

  @Override
  public List<Claim> claim(ClaimRequest request) {
    alive();
    return delegate.claim(request);
  }

  @Override
  public Optional<Claim> lease(String instanceId, String owner, Duration leaseTime, Instant now) {
    alive();
    return delegate.lease(instanceId, owner, leaseTime, now);
  }

  @Override
  public Optional<Lease> renew(Lease lease, Instant newExpiry) {
    alive();
    return delegate.renew(lease, newExpiry);
  }

  @Override
  public void release(Lease lease) {
    alive();
    delegate.release(lease);
  }

  @Override
  public CommitResult commit(List<StepCommit> commits) {
    return commit(commits, () -> delegate.commit(commits));
  }

  @Override
  public int deliverBroadcasts(Instant now, int pageSize) {
    alive();
    if (point == Point.BEFORE_BROADCAST && countdown-- == 1) {
      dead = true;
      throw new Crash("before delivering broadcasts");
    }
    return delegate.deliverBroadcasts(now, pageSize);
  }

  @Override
  public long pendingEvents(String instanceId) {
    alive();
    return delegate.pendingEvents(instanceId);
  }

  @Override
  public long pendingEvents() {
    alive();
    return delegate.pendingEvents();
  }

  @Override
  public Optional<Instant> nextDue(Instant now, Set<String> machines, Set<String> queues) {
    alive();
    return delegate.nextDue(now, machines, queues);
  }

  @Override
  public void awaitWork(Duration max) throws InterruptedException {
    alive();
    delegate.awaitWork(max);
  }

  @Override
  public QueueStats queueStats(String machine, Instant now) {
    alive();
    return delegate.queueStats(machine, now);
  }

  @Override
  public List<String> machines() {
    alive();
    return delegate.machines();
  }

  @Override
  public void pause(String machine) {
    alive();
    delegate.pause(machine);
  }

  @Override
  public void resume(String machine) {
    alive();
    delegate.resume(machine);
  }

  @Override
  public boolean isPaused(String machine) {
    alive();
    return delegate.isPaused(machine);
  }

  @Override
  public Optional<DeadLetter> deadLetter(long id) {
    alive();
    return delegate.deadLetter(id);
  }

  @Override
  public List<DeadLetter> deadLetters(String machine, long afterId, int limit) {
    alive();
    return delegate.deadLetters(machine, afterId, limit);
  }

  @Override
  public List<ExpiredLease> expiredLeases(Instant now, int limit) {
    alive();
    return delegate.expiredLeases(now, limit);
  }

  @Override
  public OperatorAction appendOperatorAction(OperatorAction action) {
    alive();
    return delegate.appendOperatorAction(action);
  }

  @Override
  public List<OperatorAction> operatorActions(long beforeId, int limit) {
    alive();
    return delegate.operatorActions(beforeId, limit);
  }

  @Override
  public Optional<QueuedEvent> retryDeadLetter(long id, Instant availableAt) {
    alive();
    return delegate.retryDeadLetter(id, availableAt);
  }

  @Override
  public int purgeDeadLetters(String machine, Instant olderThan) {
    alive();
    return delegate.purgeDeadLetters(machine, olderThan);
  }

  @Override
  public int purgePending(String machine, Instant olderThan, Instant now) {
    alive();
    return delegate.purgePending(machine, olderThan, now);
  }

  @Override
  public List<QueuedEvent> queuedEvents(String machine, int limit) {
    alive();
    return delegate.queuedEvents(machine, limit);
  }

  @Override
  public void recordActivity(List<ActivitySample> samples) {
    alive();
    delegate.recordActivity(samples);
  }

  @Override
  public QueueActivity activity(String machine, Instant from, Instant to) {
    alive();
    return delegate.activity(machine, from, to);
  }

  @Override
  public int purgeActivity(Instant before) {
    alive();
    return delegate.purgeActivity(before);
  }

  @Override
  public List<JobClaim> claimJobs(
      String owner,
      Set<String> queues,
      Set<String> machines,
      int max,
      Duration leaseTime,
      Instant now) {
    alive();
    return delegate.claimJobs(owner, queues, machines, max, leaseTime, now);
  }

  @Override
  public Optional<JobClaim> claimJob(
      String instanceId, long jobId, String owner, Duration leaseTime, Instant now) {
    alive();
    return delegate.claimJob(instanceId, jobId, owner, leaseTime, now);
  }

  @Override
  public Optional<Instant> nextJobDue(Set<String> queues, Set<String> machines, Instant now) {
    alive();
    return delegate.nextJobDue(queues, machines, now);
  }

  @Override
  public List<RegionJob> regionJobs(String instanceId) {
    alive();
    return delegate.regionJobs(instanceId);
  }

  @Override
  public boolean retryJob(JobLease lease, int attempts, String error, Instant availableAt) {
    alive();
    return delegate.retryJob(lease, attempts, error, availableAt);
  }

  @Override
  public boolean dropJob(JobLease lease) {
    alive();
    return delegate.dropJob(lease);
  }

  @Override
  public List<TimerView> armedTimers(String machine, String statePrefix, int limit) {
    alive();
    return delegate.armedTimers(machine, statePrefix, limit);
  }
}
