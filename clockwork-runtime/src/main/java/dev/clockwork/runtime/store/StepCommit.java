package dev.clockwork.runtime.store;

import dev.clockwork.runtime.queue.Lease;
import dev.clockwork.runtime.queue.QueuedEvent;
import java.util.List;

/**
 * What one leased instance writes at the end of its turn: the new record, the history rows of its
 * macrosteps, the queue rows it consumed, and the events it sends. A store writes it all or
 * nothing, and only while {@link #lease()} is still valid.
 *
 * @param lease the lease the work was done under
 * @param next the instance after the work (its revision one above the stored one)
 * @param history new history rows, in sequence order
 * @param consumed ids of the queue rows that were processed
 * @param outgoing events to enqueue (to this or other instances)
 * @param release true to give up the lease with the commit
 * @param outcomes outcomes of events sent with an idempotency key, kept so a duplicate gets the
 *     first outcome
 * @param partOf the instance whose commit, earlier in the same list, this one belongs with (the
 *     caller of a synchronous emit): when that commit is refused, so is this one; null when the
 *     commit stands alone
 * @param deadLettered queued events of this instance that failed for good during the turn, each
 *     with its errors (the last one's time is when it died): moved out of the queue into the dead
 *     letters, their failures already among {@code history}
 * @param retried queued events of this instance that failed an attempt and will be tried again,
 *     each with its new attempt count, errors and availableAt: written back in their place, so the
 *     instance's later events wait behind them
 */
public record StepCommit(
    Lease lease,
    InstanceRecord next,
    List<HistoryEntry> history,
    List<Long> consumed,
    List<QueuedEvent> outgoing,
    boolean release,
    List<KeyedOutcome> outcomes,
    String partOf,
    List<QueuedEvent> deadLettered,
    List<QueuedEvent> retried) {
  public StepCommit {
    history = List.copyOf(history);
    consumed = List.copyOf(consumed);
    outgoing = List.copyOf(outgoing);
    outcomes = outcomes == null ? List.of() : List.copyOf(outcomes);
    deadLettered = deadLettered == null ? List.of() : List.copyOf(deadLettered);
    retried = retried == null ? List.of() : List.copyOf(retried);
  }

  /** A commit that records no idempotent outcome. */
  public StepCommit(
      Lease lease,
      InstanceRecord next,
      List<HistoryEntry> history,
      List<Long> consumed,
      List<QueuedEvent> outgoing,
      boolean release) {
    this(lease, next, history, consumed, outgoing, release, List.of(), null, List.of(), List.of());
  }

  /** True when this commit must be refused because {@code refused} holds the one it is part of. */
  public boolean dependsOnAny(java.util.Set<String> refused) {
    return partOf != null && refused.contains(partOf);
  }
}
