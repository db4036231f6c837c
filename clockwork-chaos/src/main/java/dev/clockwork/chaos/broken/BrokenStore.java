package dev.clockwork.chaos.broken;

import dev.clockwork.runtime.queue.Lease;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.Claim;
import dev.clockwork.runtime.store.ClaimRequest;
import dev.clockwork.runtime.store.CommitResult;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.InstanceRecord;
import dev.clockwork.runtime.store.QueueAdminStore;
import dev.clockwork.runtime.store.StepCommit;
import dev.clockwork.runtime.store.Store;
import dev.clockwork.runtime.store.WorkStore;
import dev.clockwork.runtime.store.forwarding.ForwardingQueueAdminStore;
import dev.clockwork.runtime.store.forwarding.ForwardingStore;
import dev.clockwork.runtime.store.forwarding.ForwardingWorkStore;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A store that breaks one promise ({@link Breakage}) and delegates everything else to a real one,
 * through the public {@link Store} SPI only: its work role breaks claims, renewals and commits, its
 * queue admin role breaks pauses, and every other call goes to the real store through the
 * forwarding bases. Each time it breaks the promise it prints a line, so a run's worker logs say
 * how often the suite had something to catch.
 */
public final class BrokenStore extends ForwardingStore {
  /** {@link Breakage#DUPLICATE_COMMIT} keeps back one event in this many eligible commits. */
  public static final int DUPLICATE_EVERY = 10;

  /** How far ahead a forced lease looks, so that whatever lease holds the instance has expired. */
  private static final Duration FORCE = Duration.ofDays(1);

  /** The real store's work role: where a forced commit goes. */
  private final WorkStore store;

  private final Breakage breakage;
  private final PrintStream log;
  private final Map<Long, String> claimedTypes = new ConcurrentHashMap<>();
  private final AtomicLong eligible = new AtomicLong();
  private final AtomicLong broken = new AtomicLong();
  private final WorkStore work;
  private final QueueAdminStore queueAdmin;

  public BrokenStore(Store store, Breakage breakage, PrintStream log) {
    super(store);
    this.store = store.work();
    this.breakage = breakage;
    this.log = log;
    this.work = new BrokenWork(store.work());
    this.queueAdmin = new BrokenQueueAdmin(store.queueAdmin());
  }

  /** The promise {@code store} breaks; {@code store} itself when nothing is to be broken. */
  public static Store wrap(Store store, Breakage breakage, PrintStream log) {
    return breakage == Breakage.NONE ? store : new BrokenStore(store, breakage, log);
  }

  /** How many times the promise was broken so far. */
  public long broken() {
    return broken.get();
  }

  @Override
  public WorkStore work() {
    return work;
  }

  @Override
  public QueueAdminStore queueAdmin() {
    return queueAdmin;
  }

  // ---- the broken promises ----

  /** Claims, renewals and commits, broken as {@link #breakage} says. */
  private final class BrokenWork extends ForwardingWorkStore {
    BrokenWork(WorkStore store) {
      super(store);
    }

    @Override
    public List<Claim> claim(ClaimRequest request) {
      List<Claim> claims = super.claim(request);
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
      Optional<Lease> renewed = super.renew(lease, newExpiry);
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
          return super.commit(keepingOneBack(commits));
        case SKIP_LEASE_CHECK:
          return forced(commits, super.commit(commits));
        default:
          return super.commit(commits);
      }
    }
  }

  /** Pauses, lost as {@link Breakage#IGNORE_PAUSE} says. */
  private final class BrokenQueueAdmin extends ForwardingQueueAdminStore {
    BrokenQueueAdmin(QueueAdminStore store) {
      super(store);
    }

    @Override
    public void pause(String machine) {
      if (breakage == Breakage.IGNORE_PAUSE) {
        broken.incrementAndGet();
        log.println("BROKEN ignore-pause: the pause of " + machine + " acknowledged, not stored");
        return;
      }
      super.pause(machine);
    }
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
            next.metadata(),
            next.history());
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
}
