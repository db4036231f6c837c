package dev.clockwork.chaos.broken;

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
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A store that breaks one promise ({@link Breakage}) and delegates everything else to a real one,
 * through the public {@link Store} SPI only. Each time it breaks the promise it prints a line, so a
 * run's worker logs say how often the suite had something to catch.
 */
public final class BrokenStore implements Store {
  /** {@link Breakage#DUPLICATE_COMMIT} keeps back one event in this many eligible commits. */
  public static final int DUPLICATE_EVERY = 10;

  /** How far ahead a forced lease looks, so that whatever lease holds the instance has expired. */
  private static final Duration FORCE = Duration.ofDays(1);

  private final Store store;
  private final Breakage breakage;
  private final PrintStream log;
  private final Map<Long, String> claimedTypes = new ConcurrentHashMap<>();
  private final AtomicLong eligible = new AtomicLong();
  private final AtomicLong broken = new AtomicLong();

  public BrokenStore(Store store, Breakage breakage, PrintStream log) {
    this.store = store;
    this.breakage = breakage;
    this.log = log;
  }

  /** The promise {@code store} breaks; {@code store} itself when nothing is to be broken. */
  public static Store wrap(Store store, Breakage breakage, PrintStream log) {
    return breakage == Breakage.NONE ? store : new BrokenStore(store, breakage, log);
  }

  /** How many times the promise was broken so far. */
  public long broken() {
    return broken.get();
  }

  // ---- the broken promises ----

  @Override
  public List<Claim> claim(ClaimRequest request) {
    List<Claim> claims = store.claim(request);
    if (breakage == Breakage.DUPLICATE_COMMIT) {
      for (Claim claim : claims) {
        for (QueuedEvent event : claim.events()) {
          claimedTypes.put(event.id(), event.event().type());
        }
      }
    }
    return claims;
  }

  @Override
  public Optional<Lease> renew(Lease lease, Instant newExpiry) {
    Optional<Lease> renewed = store.renew(lease, newExpiry);
    if (renewed.isEmpty() && breakage == Breakage.SKIP_LEASE_CHECK) {
      broken.incrementAndGet();
      log.println(
          "BROKEN skip-lease-check: says the lost lease on " + lease.instanceId() + " holds");
      return Optional.of(lease.renewedUntil(newExpiry));
    }
    return renewed;
  }

  @Override
  public CommitResult commit(List<StepCommit> commits) {
    switch (breakage) {
      case DUPLICATE_COMMIT:
        return store.commit(keepingOneBack(commits));
      case SKIP_LEASE_CHECK:
        return forced(commits, store.commit(commits));
      default:
        return store.commit(commits);
    }
  }

  @Override
  public void pause(String machine) {
    if (breakage == Breakage.IGNORE_PAUSE) {
      broken.incrementAndGet();
      log.println("BROKEN ignore-pause: the pause of " + machine + " acknowledged, not stored");
      return;
    }
    store.pause(machine);
  }

  /** The commits, one STEP event in {@link #DUPLICATE_EVERY} left out of what they consumed. */
  private List<StepCommit> keepingOneBack(List<StepCommit> commits) {
    List<StepCommit> out = new ArrayList<>();
    for (StepCommit commit : commits) {
      List<Long> consumed = new ArrayList<>(commit.consumed());
      Long keptBack = null;
      for (int i = consumed.size() - 1; i >= 0; i--) {
        String type = claimedTypes.remove(consumed.get(i));
        if (keptBack == null
            && "STEP".equals(type)
            && eligible.incrementAndGet() % DUPLICATE_EVERY == 0) {
          keptBack = consumed.remove(i);
        }
      }
      if (keptBack == null) {
        out.add(commit);
        continue;
      }
      broken.incrementAndGet();
      log.println(
          "BROKEN duplicate-commit: event "
              + keptBack
              + " of "
              + commit.instanceId()
              + " applied but left in the queue");
      out.add(copy(commit, commit.lease(), commit.next(), commit.history(), consumed));
    }
    return out;
  }

  /**
   * Writes again, whatever lease now holds the instance and whatever revision is stored, every
   * single-commit group {@code result} refused for its lease or revision.
   */
  private CommitResult forced(List<StepCommit> commits, CommitResult result) {
    if (result.refused().isEmpty()) {
      return result;
    }
    Map<String, List<StepCommit>> groups = new HashMap<>();
    for (StepCommit commit : commits) {
      groups.computeIfAbsent(commit.group(), g -> new ArrayList<>()).add(commit);
    }
    Map<String, CommitResult.Refusal> stillRefused = new HashMap<>(result.refused());
    result
        .refused()
        .forEach(
            (group, refusal) -> {
              List<StepCommit> members = groups.getOrDefault(group, List.of());
              if (refusal == CommitResult.Refusal.DUPLICATE_ID
                  || members.size() != 1
                  || members.get(0).insert()) {
                return;
              }
              if (force(members.get(0), refusal)) {
                stillRefused.remove(group);
              }
            });
    return new CommitResult(stillRefused);
  }

  private boolean force(StepCommit commit, CommitResult.Refusal refusal) {
    Lease lost = commit.lease();
    Instant now = Instant.now();
    Duration time = Duration.between(now, lost.expiresAt());
    if (time.isNegative() || time.isZero()) {
      time = Duration.ofSeconds(5);
    }
    Optional<Claim> taken =
        store.lease(lost.instanceId(), lost.owner(), time.minus(FORCE), now.plus(FORCE));
    if (taken.isEmpty()) {
      return false;
    }
    InstanceRecord stored = taken.get().instance();
    InstanceRecord next = commit.next();
    long offset = stored.historySequence() - (next.historySequence() - commit.history().size());
    List<HistoryEntry> history = new ArrayList<>();
    for (HistoryEntry row : commit.history()) {
      history.add(
          new HistoryEntry(
              row.sequence() + offset,
              row.instanceId(),
              row.conversationId(),
              row.at(),
              row.kind(),
              row.event(),
              row.payload(),
              row.states(),
              row.detail(),
              row.eventId(),
              row.attempt(),
              row.entered()));
    }
    InstanceRecord rebased =
        new InstanceRecord(
            next.id(),
            next.machine(),
            next.version(),
            next.conversationId(),
            next.active(),
            next.context(),
            next.timers(),
            Math.max(next.lastEntryId(), stored.lastEntryId()),
            next.status(),
            stored.revision() + 1,
            next.historySequence() + offset,
            next.createdAt(),
            next.updatedAt(),
            next.fireRetry(),
            next.metadata());
    StepCommit again = copy(commit, taken.get().lease(), rebased, history, commit.consumed());
    boolean written = store.commit(List.of(again)).written(again.group());
    if (written) {
      broken.incrementAndGet();
      log.println(
          "BROKEN skip-lease-check: "
              + refusal
              + " commit of "
              + commit.instanceId()
              + " forced over revision "
              + stored.revision()
              + " ("
              + commit.consumed().size()
              + " events)");
    } else {
      store.release(taken.get().lease());
    }
    return written;
  }

  private static StepCommit copy(
      StepCommit commit,
      Lease lease,
      InstanceRecord next,
      List<HistoryEntry> history,
      List<Long> consumed) {
    return StepCommit.update(lease, next)
        .group(commit.group())
        .history(history)
        .consumed(consumed)
        .outgoing(commit.outgoing())
        .outcomes(commit.outcomes())
        .deadLettered(commit.deadLettered())
        .retried(commit.retried())
        .broadcasts(commit.broadcasts())
        .jobs(commit.jobs())
        .finishedJob(commit.finishedJob())
        .build();
  }

  // ---- delegated as they are ----

  @Override
  public Optional<InstanceRecord> find(String instanceId) {
    return store.find(instanceId);
  }

  @Override
  public Optional<InstanceRecord> findInConversation(String conversationId, String machine) {
    return store.findInConversation(conversationId, machine);
  }

  @Override
  public List<HistoryEntry> history(String instanceId, long afterSequence, int limit) {
    return store.history(instanceId, afterSequence, limit);
  }

  @Override
  public List<String> instancesIn(String machine, String state, String afterId, int limit) {
    return store.instancesIn(machine, state, afterId, limit);
  }

  @Override
  public List<String> instanceIds(String machine) {
    return store.instanceIds(machine);
  }

  @Override
  public List<InstanceRecord> instances(InstanceQuery query) {
    return store.instances(query);
  }

  @Override
  public void create(InstanceRecord record, List<HistoryEntry> history) {
    store.create(record, history);
  }

  @Override
  public QueuedEvent enqueue(QueuedEvent event) {
    return store.enqueue(event);
  }

  @Override
  public Optional<Map<String, Object>> outcome(String instanceId, String key) {
    return store.outcome(instanceId, key);
  }

  @Override
  public Optional<IdempotencyRecord> idempotencyRecord(String instanceId, String key) {
    return store.idempotencyRecord(instanceId, key);
  }

  @Override
  public Optional<EventStatus> eventStatus(String instanceId, long eventId) {
    return store.eventStatus(instanceId, eventId);
  }

  @Override
  public Optional<Claim> lease(String instanceId, String owner, Duration leaseTime, Instant now) {
    return store.lease(instanceId, owner, leaseTime, now);
  }

  @Override
  public void release(Lease lease) {
    store.release(lease);
  }

  @Override
  public int deliverBroadcasts(Instant now, int pageSize) {
    return store.deliverBroadcasts(now, pageSize);
  }

  @Override
  public long pendingEvents(String instanceId) {
    return store.pendingEvents(instanceId);
  }

  @Override
  public long pendingEvents() {
    return store.pendingEvents();
  }

  @Override
  public boolean pendingAbove(long threshold) {
    return store.pendingAbove(threshold);
  }

  @Override
  public Optional<Instant> nextDue(Instant now, Set<String> machines, Set<String> queues) {
    return store.nextDue(now, machines, queues);
  }

  @Override
  public void awaitWork(Duration max) throws InterruptedException {
    store.awaitWork(max);
  }

  @Override
  public Optional<Instant> sharedTime() {
    return store.sharedTime();
  }

  @Override
  public QueueStats queueStats(String machine, Instant now) {
    return store.queueStats(machine, now);
  }

  @Override
  public List<String> machines() {
    return store.machines();
  }

  @Override
  public void resume(String machine) {
    store.resume(machine);
  }

  @Override
  public boolean isPaused(String machine) {
    return store.isPaused(machine);
  }

  @Override
  public Optional<DeadLetter> deadLetter(long id) {
    return store.deadLetter(id);
  }

  @Override
  public List<DeadLetter> deadLetters(String machine, long afterId, int limit) {
    return store.deadLetters(machine, afterId, limit);
  }

  @Override
  public List<ExpiredLease> expiredLeases(Instant now, int limit) {
    return store.expiredLeases(now, limit);
  }

  @Override
  public OperatorAction appendOperatorAction(OperatorAction action) {
    return store.appendOperatorAction(action);
  }

  @Override
  public List<OperatorAction> operatorActions(long beforeId, int limit) {
    return store.operatorActions(beforeId, limit);
  }

  @Override
  public Optional<QueuedEvent> retryDeadLetter(long id, Instant availableAt) {
    return store.retryDeadLetter(id, availableAt);
  }

  @Override
  public int purgeDeadLetters(String machine, Instant olderThan) {
    return store.purgeDeadLetters(machine, olderThan);
  }

  @Override
  public int purgePending(String machine, Instant olderThan, Instant now) {
    return store.purgePending(machine, olderThan, now);
  }

  @Override
  public List<QueuedEvent> queuedEvents(String machine, int limit) {
    return store.queuedEvents(machine, limit);
  }

  @Override
  public void recordActivity(List<ActivitySample> samples) {
    store.recordActivity(samples);
  }

  @Override
  public QueueActivity activity(String machine, Instant from, Instant to) {
    return store.activity(machine, from, to);
  }

  @Override
  public int purgeActivity(Instant before) {
    return store.purgeActivity(before);
  }

  @Override
  public List<JobClaim> claimJobs(
      String owner,
      Set<String> queues,
      Set<String> machines,
      int max,
      Duration leaseTime,
      Instant now) {
    return store.claimJobs(owner, queues, machines, max, leaseTime, now);
  }

  @Override
  public Optional<JobClaim> claimJob(
      String instanceId, long jobId, String owner, Duration leaseTime, Instant now) {
    return store.claimJob(instanceId, jobId, owner, leaseTime, now);
  }

  @Override
  public Optional<Instant> nextJobDue(Set<String> queues, Set<String> machines, Instant now) {
    return store.nextJobDue(queues, machines, now);
  }

  @Override
  public List<RegionJob> regionJobs(String instanceId) {
    return store.regionJobs(instanceId);
  }

  @Override
  public boolean retryJob(JobLease lease, int attempts, String error, Instant availableAt) {
    return store.retryJob(lease, attempts, error, availableAt);
  }

  @Override
  public boolean dropJob(JobLease lease) {
    return store.dropJob(lease);
  }

  @Override
  public List<TimerView> armedTimers(String machine, String statePrefix, int limit) {
    return store.armedTimers(machine, statePrefix, limit);
  }
}
