package dev.clockwork.runtime.store;

import dev.clockwork.core.interpreter.ArmedTimer;
import dev.clockwork.core.interpreter.InstanceStatus;
import dev.clockwork.runtime.instance.InstanceMetadata;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One instance as a store keeps it: everything needed to rebuild its snapshot, plus bookkeeping.
 *
 * @param id the instance id, unique in the store
 * @param machine the machine id
 * @param version the definition version the instance runs
 * @param conversationId the conversation the instance belongs to: machines emitting to each other
 *     by machine name find their targets within it; set at creation, never changed
 * @param active active states in document order, the ancestors of every active leaf included
 * @param context the context as JSON values
 * @param timers armed timers
 * @param lastEntryId the last state-entry id handed out
 * @param status active or done
 * @param revision bumped by every commit; a commit must name the revision it replaces
 * @param historySequence the sequence number of the last history row
 * @param createdAt when the instance was created (engine clock)
 * @param updatedAt when it last changed (engine clock)
 * @param fireRetry the timer fire waiting for its next attempt, or null
 * @param metadata its queue, labels, memo and search attributes: set at creation, never changed (a
 *     store writes them when it inserts the instance and keeps them as they are on every commit)
 * @param history what its history states recorded: history state path → the paths it restores
 *     (empty until a state with a history is left); written with the rest of the snapshot
 */
public record InstanceRecord(
    String id,
    String machine,
    int version,
    String conversationId,
    List<StoredEntry> active,
    Map<String, Object> context,
    List<ArmedTimer> timers,
    long lastEntryId,
    InstanceStatus status,
    long revision,
    long historySequence,
    Instant createdAt,
    Instant updatedAt,
    FireRetry fireRetry,
    InstanceMetadata metadata,
    Map<String, List<String>> history) {

  public InstanceRecord {
    Objects.requireNonNull(conversationId, "conversationId");
    Objects.requireNonNull(metadata, "metadata");
    active = List.copyOf(active);
    timers = List.copyOf(timers);
    history = history == null || history.isEmpty() ? Map.of() : Map.copyOf(history);
  }

  /**
   * When the earliest armed timer falls due: timers whose fire failed for good do not count, and
   * the fire waiting for a retry counts at its retry instant, not its due one.
   */
  public Optional<Instant> nextTimerAt() {
    Instant next = fireRetry == null ? null : fireRetry.retryAt();
    for (ArmedTimer timer : timers) {
      if (timer.failed() || (fireRetry != null && isRetrying(timer))) {
        continue;
      }
      if (next == null || timer.due().isBefore(next)) {
        next = timer.due();
      }
    }
    return Optional.ofNullable(next);
  }

  /** True when {@code timer}'s current fire is the one waiting for a retry. */
  public boolean isRetrying(ArmedTimer timer) {
    return fireRetry != null
        && fireRetry.fire().key().equals(timer.key())
        && fireRetry.fire().entryId() == timer.entryId()
        && fireRetry.fire().due().equals(timer.due());
  }

  /** The same record with another fire waiting for a retry (null: none). */
  public InstanceRecord withFireRetry(FireRetry retry) {
    return new InstanceRecord(
        id,
        machine,
        version,
        conversationId,
        active,
        context,
        timers,
        lastEntryId,
        status,
        revision,
        historySequence,
        createdAt,
        updatedAt,
        retry,
        metadata,
        history);
  }

  /** The same record with a later last history sequence (history appended without a step). */
  public InstanceRecord withHistorySequence(long sequence) {
    return new InstanceRecord(
        id,
        machine,
        version,
        conversationId,
        active,
        context,
        timers,
        lastEntryId,
        status,
        revision,
        sequence,
        createdAt,
        updatedAt,
        fireRetry,
        metadata,
        history);
  }

  /** The same record at another revision. */
  public InstanceRecord withRevision(long newRevision) {
    return new InstanceRecord(
        id,
        machine,
        version,
        conversationId,
        active,
        context,
        timers,
        lastEntryId,
        status,
        newRevision,
        historySequence,
        createdAt,
        updatedAt,
        fireRetry,
        metadata,
        history);
  }

  /** Paths of the active states that have no active children, e.g. {@code [awaiting_payment]}. */
  public List<String> leafPaths() {
    return active.stream()
        .map(StoredEntry::path)
        .filter(path -> active.stream().noneMatch(o -> o.path().startsWith(path + ".")))
        .filter(path -> !path.isEmpty())
        .toList();
  }
}
