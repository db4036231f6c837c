package dev.clockwork.runtime.store;

import dev.clockwork.core.interpreter.ArmedTimer;
import dev.clockwork.core.interpreter.InstanceStatus;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * One instance as a store keeps it: everything needed to rebuild its snapshot, plus bookkeeping.
 *
 * @param id the instance id, unique in the store
 * @param machine the machine id
 * @param version the definition version the instance runs
 * @param conversationId the conversation the instance belongs to: machines emitting to each other
 *     by machine name find their targets within it; set at creation, never changed
 * @param active active states in document order
 * @param context the context as JSON values
 * @param timers armed timers
 * @param lastEntryId the last state-entry id handed out
 * @param status active or done
 * @param revision bumped by every commit; a commit must name the revision it replaces
 * @param historySequence the sequence number of the last history row
 * @param createdAt when the instance was created (engine clock)
 * @param updatedAt when it last changed (engine clock)
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
    Instant updatedAt) {

  public InstanceRecord {
    java.util.Objects.requireNonNull(conversationId, "conversationId");
    active = List.copyOf(active);
    timers = List.copyOf(timers);
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
        updatedAt);
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
        updatedAt);
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
