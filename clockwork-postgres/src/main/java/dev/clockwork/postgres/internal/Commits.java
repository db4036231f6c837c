package dev.clockwork.postgres.internal;

import dev.clockwork.runtime.queue.Lease;
import dev.clockwork.runtime.queue.QueuedEvent;
import dev.clockwork.runtime.store.BroadcastRequest;
import dev.clockwork.runtime.store.CommitResult;
import dev.clockwork.runtime.store.CommitResult.Refusal;
import dev.clockwork.runtime.store.HistoryEntry;
import dev.clockwork.runtime.store.InstanceRecord;
import dev.clockwork.runtime.store.JobLease;
import dev.clockwork.runtime.store.KeyedOutcome;
import dev.clockwork.runtime.store.RegionJob;
import dev.clockwork.runtime.store.StepCommit;
import dev.clockwork.runtime.store.rule.CommitDecision;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes commits in one transaction, a handful of statements whatever their number, in three round
 * trips (four with new instances): lock the rows of every instance the commits write (in id order,
 * so concurrent commits cannot deadlock) and read their lease tokens and revisions, and lock the
 * region jobs the commits finish and read their lease tokens; decide every group ({@link
 * CommitDecision}, as the in-memory store does); insert the new instances; then, in one {@link
 * Pipeline}, one statement per kind of row — history, rows leaving the queues, dead letters, rows
 * put back for a retry, idempotency outcomes, broadcasts, outgoing events, region jobs dispatched
 * and finished — and last the updated instances, with their leases given up, heads recomputed and
 * the workers notified; then COMMIT. New instances go first, so outgoing events may go to them.
 * Outgoing events never wait for their targets' rows: a target no one in this transaction holds
 * gets a pending-head marker.
 *
 * <p>An instance the decision expected to be new may be inserted concurrently by another
 * transaction before this one inserts it; then the transaction is rolled back and decided again
 * with that group refused. Nothing is written when this throws.
 */
public final class Commits {
  private static final Logger LOG = LoggerFactory.getLogger(Commits.class);

  /**
   * The commit transaction's settings: generic plans, and no sequential scans where a key is at
   * hand — the rows a commit deletes from small queue-like tables ({@code cw_leases}, {@code
   * cw_pending_heads}) sit among the dead rows of every lease given up since the last vacuum, and
   * their generic plans would otherwise read those tables whole on every commit.
   */
  static final String SETTINGS = Jdbc.GENERIC_PLANS + ", set_config('enable_seqscan', 'off', true)";

  /**
   * The commit's first round trip: the transaction's settings, the lock, then the leases of the
   * locked rows. The leases are read by a statement of their own, whose snapshot is taken once the
   * locks are held: every writer of a lease holds its instance row's lock while it writes, so the
   * tokens read then stay until this transaction ends (one read together with the lock would see
   * the snapshot from before a wait for the lock, missing a lease taken over meanwhile).
   */
  private static final String LOCK =
      SETTINGS
          + ";\n"
          + """
      SELECT id, revision
        FROM cw_instances
       WHERE id = ANY (CAST(? AS text[]))
       ORDER BY id
         FOR NO KEY UPDATE;
      SELECT instance_id, token FROM cw_leases WHERE instance_id = ANY (CAST(? AS text[]))
      """;

  private final Jdbc jdbc;

  public Commits(Jdbc jdbc) {
    this.jdbc = jdbc;
  }

  /** What the stored row says while this transaction holds its lock. */
  private record Locked(long revision, UUID token) {}

  /**
   * The locked rows: instances by id, and the lease tokens of the finished region jobs by job id
   * (null when no lease holds the job; absent when it is gone).
   */
  private record LockedRows(Map<String, Locked> instances, Map<Long, UUID> jobTokens) {}

  /** Instances the decision took for new were inserted meanwhile: decide again. */
  private static final class TakenMeanwhile extends RuntimeException {
    private static final long serialVersionUID = 1L;
    final transient Set<String> ids;

    TakenMeanwhile(Set<String> ids) {
      super(null, null, false, false);
      this.ids = ids;
    }
  }

  public CommitResult commit(List<StepCommit> commits) {
    if (commits.isEmpty()) {
      return CommitResult.ALL_WRITTEN;
    }
    Set<String> taken = new HashSet<>();
    while (true) {
      try {
        return jdbc.inTransaction(
            "commit " + commits.size() + " turn(s)", c -> write(c, commits, taken));
      } catch (TakenMeanwhile e) {
        taken.addAll(e.ids);
      }
    }
  }

  private CommitResult write(Connection connection, List<StepCommit> commits, Set<String> taken)
      throws SQLException {
    LockedRows locked = lock(connection, commits);
    Map<String, Refusal> refused = decide(commits, locked, taken);
    List<StepCommit> accepted = new ArrayList<>(commits.size());
    for (StepCommit commit : commits) {
      if (!refused.containsKey(commit.group())) {
        commit.checkWritable();
        accepted.add(commit);
      }
    }
    if (!accepted.isEmpty()) {
      writeAccepted(connection, accepted);
    }
    return new CommitResult(refused);
  }

  private static LockedRows lock(Connection connection, List<StepCommit> commits)
      throws SQLException {
    Set<String> ids = new TreeSet<>();
    List<JobLease> finishing = new ArrayList<>(0);
    for (StepCommit commit : commits) {
      ids.add(commit.instanceId());
      if (commit.finishedJob() != null) {
        finishing.add(commit.finishedJob());
      }
    }
    String sql = finishing.isEmpty() ? LOCK : LOCK + ";\n" + RegionJobWrites.LOCK_FINISHED;
    Map<String, Locked> locked = new HashMap<>();
    Map<Long, UUID> jobTokens = Map.of();
    try (PreparedStatement lock = connection.prepareStatement(sql)) {
      Array idArray = Columns.texts(connection, ids);
      lock.setArray(1, idArray);
      lock.setArray(2, idArray);
      if (!finishing.isEmpty()) {
        RegionJobWrites.bindFinished(connection, lock, 2, finishing);
      }
      lock.execute();
      lock.getMoreResults();
      Map<String, Long> revisions = new HashMap<>();
      try (ResultSet rs = lock.getResultSet()) {
        while (rs.next()) {
          revisions.put(rs.getString("id"), rs.getLong("revision"));
        }
      }
      lock.getMoreResults();
      Map<String, UUID> tokens = new HashMap<>();
      try (ResultSet rs = lock.getResultSet()) {
        while (rs.next()) {
          tokens.put(rs.getString("instance_id"), rs.getObject("token", UUID.class));
        }
      }
      revisions.forEach((id, revision) -> locked.put(id, new Locked(revision, tokens.get(id))));
      if (!finishing.isEmpty()) {
        lock.getMoreResults();
        try (ResultSet rs = lock.getResultSet()) {
          jobTokens = RegionJobWrites.tokens(rs);
        }
      }
    }
    return new LockedRows(locked, jobTokens);
  }

  /**
   * The groups that cannot be written, each with its first reason: the one commit decision, on the
   * locked rows (an instance inserted meanwhile by another transaction counts as existing).
   */
  private static Map<String, Refusal> decide(
      List<StepCommit> commits, LockedRows locked, Set<String> taken) {
    return CommitDecision.decide(
        commits,
        new CommitDecision.Stored() {
          @Override
          public boolean exists(String instanceId) {
            return locked.instances().containsKey(instanceId) || taken.contains(instanceId);
          }

          @Override
          public boolean leaseHolds(Lease lease) {
            Locked row = locked.instances().get(lease.instanceId());
            return row != null && lease.token().equals(row.token());
          }

          @Override
          public long revision(String instanceId) {
            return locked.instances().get(instanceId).revision();
          }

          @Override
          public boolean jobLeaseHolds(JobLease lease) {
            return lease.token().equals(locked.jobTokens().get(lease.jobId()));
          }
        });
  }

  private static void writeAccepted(Connection connection, List<StepCommit> accepted)
      throws SQLException {
    List<InstanceRecord> inserts = new ArrayList<>();
    Map<String, StepCommit> updates = new LinkedHashMap<>();
    List<HistoryEntry> history = new ArrayList<>();
    List<String> leaving = new ArrayList<>();
    List<Long> leavingIds = new ArrayList<>();
    List<QueuedEvent> dead = new ArrayList<>(0);
    List<QueuedEvent> retried = new ArrayList<>(0);
    List<IdempotencyKeys.Kept> outcomes = new ArrayList<>(0);
    List<Broadcasts.Requested> broadcasts = new ArrayList<>(0);
    List<QueuedEvent> outgoing = new ArrayList<>(0);
    List<RegionJob> jobs = new ArrayList<>(0);
    List<JobLease> finishedJobs = new ArrayList<>(0);
    boolean newWorkDue = false;
    for (StepCommit commit : accepted) {
      if (commit.insert()) {
        inserts.add(commit.next());
        newWorkDue |= InstanceWrites.hasDueWork(commit.next());
      } else {
        updates.put(commit.instanceId(), commit);
      }
      history.addAll(commit.history());
      for (Long id : commit.consumed()) {
        leaving.add(commit.instanceId());
        leavingIds.add(id);
      }
      for (QueuedEvent failed : commit.deadLettered()) {
        if (failed.id() != 0) {
          leaving.add(commit.instanceId());
          leavingIds.add(failed.id());
        }
      }
      dead.addAll(commit.deadLettered());
      retried.addAll(commit.retried());
      for (KeyedOutcome outcome : commit.outcomes()) {
        outcomes.add(new IdempotencyKeys.Kept(outcome, commit.next().updatedAt()));
      }
      for (BroadcastRequest broadcast : commit.broadcasts()) {
        broadcasts.add(new Broadcasts.Requested(broadcast, commit.next().updatedAt()));
      }
      outgoing.addAll(commit.outgoing());
      jobs.addAll(commit.jobs());
      if (commit.finishedJob() != null) {
        finishedJobs.add(commit.finishedJob());
      }
    }
    Set<String> takenMeanwhile = InstanceWrites.insert(connection, inserts);
    if (!takenMeanwhile.isEmpty()) {
      throw new TakenMeanwhile(takenMeanwhile);
    }
    Pipeline writes = new Pipeline();
    InstanceHistory.append(writes, history);
    QueueRows.remove(writes, leaving, leavingIds);
    DeadLetters.insert(writes, dead);
    QueueRows.retryLater(writes, retried);
    IdempotencyKeys.keep(writes, outcomes);
    Broadcasts.record(writes, broadcasts);
    send(writes, outgoing, inserts, updates.keySet());
    RegionJobWrites.insert(writes, jobs);
    int[] finished = {0};
    RegionJobWrites.deleteFinished(writes, finishedJobs, count -> finished[0] = count);
    int[] written = {0};
    List<InstanceRecord> records = new ArrayList<>(updates.size());
    List<UUID> tokens = new ArrayList<>(updates.size());
    for (StepCommit commit : updates.values()) {
      records.add(commit.next());
      tokens.add(commit.lease().token());
    }
    boolean wake = !outgoing.isEmpty() || newWorkDue || !jobs.isEmpty();
    if (!records.isEmpty() || wake) {
      InstanceWrites.update(writes, records, tokens, wake, count -> written[0] = count);
    }
    writes.run(connection);
    if (written[0] != records.size()) {
      throw new IllegalStateException(
          "wrote " + written[0] + " of " + records.size() + " locked instances: a lease changed");
    }
    if (finished[0] != finishedJobs.size()) {
      throw new IllegalStateException(
          "finished "
              + finished[0]
              + " of "
              + finishedJobs.size()
              + " locked region jobs: a job lease changed");
    }
  }

  /**
   * Enqueues the outgoing events (logging those to unknown instances); the heads of the new
   * instances they reach are recomputed after them (the updated instances' heads are recomputed
   * with their rows).
   */
  private static void send(
      Pipeline writes,
      List<QueuedEvent> outgoing,
      List<InstanceRecord> inserts,
      Set<String> updated) {
    if (outgoing.isEmpty()) {
      return;
    }
    Set<String> inserted = new LinkedHashSet<>();
    inserts.forEach(record -> inserted.add(record.id()));
    Set<String> own = new LinkedHashSet<>(updated);
    own.addAll(inserted);
    Enqueues.enqueueAll(
        writes, outgoing, false, own, false, queued -> logDropped(outgoing, queued));
    Set<String> reachedNew = new TreeSet<>();
    outgoing.forEach(
        event -> {
          if (inserted.contains(event.instanceId())) {
            reachedNew.add(event.instanceId());
          }
        });
    PendingHeads.recompute(writes, reachedNew);
  }

  /** Events are left out only when their instance does not exist. */
  private static void logDropped(List<QueuedEvent> outgoing, List<QueuedEvent> queued) {
    if (queued.size() == outgoing.size()) {
      return;
    }
    Set<String> known = new HashSet<>();
    queued.forEach(event -> known.add(event.instanceId()));
    for (QueuedEvent event : outgoing) {
      if (!known.contains(event.instanceId())) {
        LOG.warn("dropped {} for '{}': no such instance", event.event().type(), event.instanceId());
      }
    }
  }
}
