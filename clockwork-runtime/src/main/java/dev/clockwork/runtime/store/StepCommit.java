package dev.clockwork.runtime.store;

import dev.clockwork.runtime.queue.Lease;
import dev.clockwork.runtime.queue.QueuedEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What one instance writes at the end of its turn: the new record, the history rows of its
 * macrosteps, the queue rows it consumed, the events and broadcasts it sends, its failed events'
 * fate — or, for a new instance, the record to insert. A store writes it all or nothing, and only
 * while {@link #lease()} is still valid; writing it gives the lease up.
 *
 * <p>Commits belong to a {@link #group()}: a turn and the turns it ran synchronously (its emits,
 * the instances it created) share one, and a store writes a group whole or not at all.
 *
 * @param group the group the commit lands with (a turn's chain shares its first instance's id)
 * @param lease the lease the work was done under; null for an insert
 * @param next the instance after the work (its revision one above the stored one), or the new
 *     instance to insert
 * @param insert true when {@code next} is a new instance: the group is refused when its id exists
 * @param history new history rows, in sequence order
 * @param consumed ids of the queue rows that were processed (or discarded)
 * @param outgoing events to enqueue (to this or other instances), after the group's inserts
 * @param outcomes outcomes of events sent with an idempotency key, kept so a duplicate gets the
 *     first outcome
 * @param deadLettered queued events (or timer fires, with id 0) of this instance that failed for
 *     good during the turn, each with its errors (the last one's time is when it died): moved out
 *     of the queue into the dead letters, their failures already among {@code history}
 * @param retried queued events of this instance that failed an attempt and will be tried again,
 *     each with its new attempt count, errors and availableAt: written back in their place, so the
 *     instance's later events wait behind them
 * @param broadcasts broadcasts to deliver once the commit is written
 * @param jobs region jobs to store (parallel dispatch); runnable once the commit is written
 * @param finishedJob the lease of the region job whose result this commit applies, or null: the job
 *     is deleted with the commit, and the group is refused ({@link CommitResult.Refusal#JOB_LOST})
 *     when that lease is no longer valid, so a job's result is applied once
 */
public record StepCommit(
    String group,
    Lease lease,
    InstanceRecord next,
    boolean insert,
    List<HistoryEntry> history,
    List<Long> consumed,
    List<QueuedEvent> outgoing,
    List<KeyedOutcome> outcomes,
    List<QueuedEvent> deadLettered,
    List<QueuedEvent> retried,
    List<BroadcastRequest> broadcasts,
    List<RegionJob> jobs,
    JobLease finishedJob) {

  public StepCommit {
    Objects.requireNonNull(group, "group");
    Objects.requireNonNull(next, "next");
    if (insert != (lease == null)) {
      throw new IllegalArgumentException(
          insert ? "an insert has no lease" : "an update needs the lease it was done under");
    }
    history = List.copyOf(history);
    consumed = List.copyOf(consumed);
    outgoing = List.copyOf(outgoing);
    outcomes = List.copyOf(outcomes);
    deadLettered = List.copyOf(deadLettered);
    retried = List.copyOf(retried);
    broadcasts = List.copyOf(broadcasts);
    jobs = List.copyOf(jobs);
  }

  /** A commit of work done under {@code lease}, ending with {@code next}. */
  public static Builder update(Lease lease, InstanceRecord next) {
    return new Builder(Objects.requireNonNull(lease, "lease"), next, false);
  }

  /** A commit that creates {@code created} with its first history rows. */
  public static Builder insert(InstanceRecord created) {
    return new Builder(null, created, true);
  }

  /** The instance the commit writes. */
  public String instanceId() {
    return next.id();
  }

  /**
   * Throws for what a store's write would fail on half-way, so a store calls it for every commit of
   * a batch before it writes anything: a dead letter dies at its last error's instant, so it needs
   * one.
   */
  public void checkWritable() {
    for (QueuedEvent dead : deadLettered) {
      if (dead.errors().isEmpty()) {
        throw new IllegalArgumentException(
            "dead-lettered "
                + dead.event().type()
                + " of '"
                + instanceId()
                + "' has no errors; pass the event as failed (QueuedEvent.failed) with the error"
                + " of its last attempt");
      }
    }
  }

  /** Builds a {@link StepCommit}; the lists start empty and the group is the instance's id. */
  public static final class Builder {
    private final Lease lease;
    private final InstanceRecord next;
    private final boolean insert;
    private String group;
    private List<HistoryEntry> history = List.of();
    private List<Long> consumed = List.of();
    private List<QueuedEvent> outgoing = List.of();
    private List<KeyedOutcome> outcomes = List.of();
    private List<QueuedEvent> deadLettered = List.of();
    private List<QueuedEvent> retried = List.of();
    private List<BroadcastRequest> broadcasts = List.of();
    private List<RegionJob> jobs = List.of();
    private JobLease finishedJob;

    private Builder(Lease lease, InstanceRecord next, boolean insert) {
      this.lease = lease;
      this.next = Objects.requireNonNull(next, "next");
      this.insert = insert;
      this.group = next.id();
    }

    public Builder group(String name) {
      this.group = name;
      return this;
    }

    public Builder history(List<HistoryEntry> rows) {
      this.history = rows;
      return this;
    }

    public Builder consumed(List<Long> ids) {
      this.consumed = ids;
      return this;
    }

    public Builder outgoing(List<QueuedEvent> events) {
      this.outgoing = events;
      return this;
    }

    public Builder outcomes(List<KeyedOutcome> kept) {
      this.outcomes = kept;
      return this;
    }

    public Builder deadLettered(List<QueuedEvent> failed) {
      this.deadLettered = failed;
      return this;
    }

    public Builder retried(List<QueuedEvent> failed) {
      this.retried = failed;
      return this;
    }

    public Builder broadcasts(List<BroadcastRequest> requests) {
      this.broadcasts = requests;
      return this;
    }

    public Builder jobs(List<RegionJob> dispatched) {
      this.jobs = dispatched;
      return this;
    }

    public Builder finishedJob(JobLease lease) {
      this.finishedJob = lease;
      return this;
    }

    public StepCommit build() {
      return new StepCommit(
          group,
          lease,
          next,
          insert,
          new ArrayList<>(history),
          consumed,
          outgoing,
          outcomes,
          deadLettered,
          retried,
          broadcasts,
          jobs,
          finishedJob);
    }
  }
}
