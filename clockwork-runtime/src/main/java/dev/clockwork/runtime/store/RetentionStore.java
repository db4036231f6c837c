package dev.clockwork.runtime.store;

import dev.clockwork.runtime.store.retention.HistoryTrim;
import dev.clockwork.runtime.store.retention.OldestRows;
import dev.clockwork.runtime.store.retention.RemovedRows;
import dev.clockwork.runtime.store.retention.RemovedTotal;
import dev.clockwork.runtime.store.retention.RetentionBacklog;
import dev.clockwork.runtime.store.retention.RetentionCutoffs;
import dev.clockwork.runtime.store.retention.RetentionScope;
import java.time.Instant;
import java.util.List;

/**
 * The store's role that removes what retention no longer keeps (SPI: a role of {@link Store}).
 * Every method works in a bounded batch ({@code limit}), returns what it removed, and takes its
 * times from the caller (the engine clock). None races a turn: an instance a valid lease holds at
 * {@code now}, or whose row a claim, lease or commit has locked, is left for a later batch, and
 * finished-ness is checked again under the instance's lock. An event for an instance removed
 * afterwards gets the ordinary unknown-instance answer.
 */
public interface RetentionStore {

  /**
   * Removes up to {@code limit} finished instances (a top-level final state, or cancelled) of the
   * machines in {@code scope} whose last change was before {@code finishedBefore}, with everything
   * they own: history, leftover queue rows, idempotency keys, callbacks and their deliveries,
   * region jobs, leases, and their finished child instances. An instance with a child still running
   * is kept until the child finishes.
   *
   * <p>With an {@code archiver}, the batch — every instance removed, each with its whole history —
   * is handed to it while the instances are locked, and deleted only once it returned; when it
   * throws, nothing is deleted and {@link ArchiveFailedException} says why.
   *
   * @param archiver where the batch goes first, or null for no archive
   */
  RemovedRows purgeFinishedInstances(
      RetentionScope scope, Instant finishedBefore, Instant now, int limit, Archiver archiver);

  /**
   * {@link #purgeFinishedInstances(RetentionScope, Instant, Instant, int, Archiver)}, no archive.
   */
  default RemovedRows purgeFinishedInstances(
      RetentionScope scope, Instant finishedBefore, Instant now, int limit) {
    return purgeFinishedInstances(scope, finishedBefore, now, limit, null);
  }

  /**
   * Trims the history of up to {@code limit} running instances of {@code scope}, by id after {@code
   * afterId} ("" to start): rows written before {@code olderThan}, and the oldest rows beyond
   * {@code maxRows} per instance (the marker counted), go; each trim leaves one {@link
   * HistoryEntry.Kind#TRIMMED} row in place of the newest row it removed, saying how many rows
   * (earlier markers' counts included) and up to which sequence, dated {@code now}.
   *
   * <p>With an {@code archiver}, the rows about to go — each trimmed instance's row with its
   * trimmed history rows, {@link ArchivedInstance.Reason#TRIMMED} — are handed to it first, and
   * deleted only once it returned; when it throws, nothing is trimmed and {@link
   * ArchiveFailedException} says why.
   *
   * @param archiver where the trimmed rows go first, or null for no archive
   */
  HistoryTrim trimHistory(
      RetentionScope scope,
      Instant olderThan,
      long maxRows,
      Instant now,
      String afterId,
      int limit,
      Archiver archiver);

  /**
   * {@link #trimHistory(RetentionScope, Instant, long, Instant, String, int, Archiver)}, no
   * archive.
   */
  default HistoryTrim trimHistory(
      RetentionScope scope,
      Instant olderThan,
      long maxRows,
      Instant now,
      String afterId,
      int limit) {
    return trimHistory(scope, olderThan, maxRows, now, afterId, limit, null);
  }

  /**
   * Removes up to {@code limit} idempotency keys of {@code scope} written before {@code before}.
   */
  int purgeIdempotencyKeys(RetentionScope scope, Instant before, int limit);

  /**
   * Removes up to {@code limit} callbacks of {@code scope}'s instances registered before {@code
   * before} whose delivery is settled (delivered, failed or abandoned), with their deliveries;
   * returns the callbacks removed.
   */
  int purgeCallbacks(RetentionScope scope, Instant before, int limit);

  /**
   * Removes up to {@code limit} operator log entries written before {@code before}, oldest first.
   */
  int purgeOperatorLog(Instant before, int limit);

  /**
   * Runs {@code pass} unless a pass is running already, on this node or on any other sharing the
   * store (PostgreSQL: a lease row taken for the pass, so the pass holds no connection while it
   * runs); returns whether it ran.
   */
  boolean exclusively(Runnable pass);

  /**
   * Adds what a pass removed in one scope to the running totals: per table of {@code removed}, one
   * row of {@code machine} (a machine with retention of its own, or {@link
   * RemovedTotal#EVERY_OTHER_MACHINE}) whose count grows by the rows removed and whose {@code
   * lastRemovedAt} becomes {@code at}. One row per machine and table, however many passes: bounded.
   */
  void recordRemoved(String machine, RemovedRows removed, Instant at);

  /** Every running total, by machine then table. */
  List<RemovedTotal> removedTotals();

  /**
   * What retention still has to do in {@code scope}: per table, the oldest row and how many rows
   * are past {@code cutoffs}, each count stopping at {@code cap} (0: no counts). Every query is
   * bounded — an index range read oldest first, a count that stops at the cap — so it may run on a
   * busy database; where a store bounds a table another way (PostgreSQL: running instances' history
   * is read for the 1,000 longest-running instances) it says so in {@link
   * RetentionBacklog#atLeast()} when that cut anything.
   */
  RetentionBacklog backlog(RetentionScope scope, RetentionCutoffs cutoffs, int cap);

  /** When the oldest row retention looks after in each table was written: what it has to do. */
  default OldestRows oldest() {
    Instant never = Instant.EPOCH;
    RetentionCutoffs none = new RetentionCutoffs(never, never, never, never, never);
    return new OldestRows(backlog(RetentionScope.all(), none, 0).oldest());
  }
}
