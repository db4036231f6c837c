package dev.clockwork.schedule.store;

import dev.clockwork.schedule.definition.ScheduleSettings;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * A schedule as stored: its settings and where it stands. Unique by (namespace, schedule id); the
 * store finds due schedules by {@code nextFireAt}.
 *
 * @param namespace the tenant it belongs to
 * @param scheduleId the user's id, unique in the namespace
 * @param ulid the internal id, a ULID
 * @param settings what the user set
 * @param status active, paused or deleted
 * @param nextFireAt the next fire time, jitter included; null when paused or deleted
 * @param nextOccurrenceAt the canonical (unjittered) occurrence of {@code nextFireAt}
 * @param lastFiredAt when the last run was started (engine clock)
 * @param latestInstanceId the instance the last trigger started (or sent to)
 * @param firesCount how many times it triggered
 * @param remainingActions runs left under max runs; null without a limit
 * @param pausedReason why it was paused
 * @param pausedAt when it was paused
 * @param deleteReason why it was deleted ({@code max_runs_exhausted} or {@code spec_exhausted} when
 *     it deleted itself)
 * @param deletedAt when it was deleted
 * @param lastSkipReason why the last skipped occurrence did not run
 * @param lastSkippedAt when the last occurrence was skipped
 * @param skippedTriggerCount how many occurrences were skipped in all
 * @param bufferedCount how many occurrences wait in the buffer
 * @param pending triggers recorded whose run is not known to be started yet, oldest first
 * @param createdAt when it was created
 * @param updatedAt when the row last changed
 * @param checkedAt the tick instant that last evaluated it (a tick does not re-claim a schedule
 *     with a buffer it already checked)
 * @param revision increases with every write; writes check it
 */
public record ScheduleRecord(
    String namespace,
    String scheduleId,
    String ulid,
    ScheduleSettings settings,
    ScheduleStatus status,
    Instant nextFireAt,
    Instant nextOccurrenceAt,
    Instant lastFiredAt,
    String latestInstanceId,
    long firesCount,
    Integer remainingActions,
    String pausedReason,
    Instant pausedAt,
    String deleteReason,
    Instant deletedAt,
    String lastSkipReason,
    Instant lastSkippedAt,
    long skippedTriggerCount,
    int bufferedCount,
    List<PendingTrigger> pending,
    Instant createdAt,
    Instant updatedAt,
    Instant checkedAt,
    long revision) {
  public ScheduleRecord {
    Objects.requireNonNull(namespace, "namespace");
    Objects.requireNonNull(scheduleId, "scheduleId");
    Objects.requireNonNull(ulid, "ulid");
    Objects.requireNonNull(settings, "settings");
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(createdAt, "createdAt");
    pending = pending == null ? List.of() : List.copyOf(pending);
  }

  /** A new, active schedule at revision 1. */
  public static ScheduleRecord created(
      String namespace,
      String scheduleId,
      String ulid,
      ScheduleSettings settings,
      Instant nextFireAt,
      Instant nextOccurrenceAt,
      Instant now) {
    return new ScheduleRecord(
        namespace,
        scheduleId,
        ulid,
        settings,
        ScheduleStatus.ACTIVE,
        nextFireAt,
        nextOccurrenceAt,
        null,
        null,
        0,
        settings.maxRuns(),
        null,
        null,
        null,
        null,
        null,
        null,
        0,
        0,
        List.of(),
        now,
        now,
        null,
        1);
  }

  /** True when a tick should evaluate it at {@code now}: active and due. */
  public boolean isDue(Instant now) {
    return status == ScheduleStatus.ACTIVE && nextFireAt != null && !nextFireAt.isAfter(now);
  }

  /** True when a tick at {@code now} should look at its buffer (active, not yet checked then). */
  public boolean needsDrainCheck(Instant now) {
    return status == ScheduleStatus.ACTIVE
        && bufferedCount > 0
        && (checkedAt == null || checkedAt.isBefore(now));
  }

  /** True when a tick must carry out triggers recorded on it, whatever its status. */
  public boolean hasPending() {
    return !pending.isEmpty();
  }

  /** True when a recorded trigger still has to start (or send to) {@code instanceId}. */
  public boolean isPending(String instanceId) {
    return pending.stream().anyMatch(p -> p.instanceId().equals(instanceId));
  }

  public Builder toBuilder() {
    return new Builder(this);
  }

  /** Changes a copy of a record; {@link #build()} makes the new record. */
  public static final class Builder {
    private final ScheduleRecord from;
    private ScheduleSettings settings;
    private ScheduleStatus status;
    private Instant nextFireAt;
    private Instant nextOccurrenceAt;
    private Instant lastFiredAt;
    private String latestInstanceId;
    private long firesCount;
    private Integer remainingActions;
    private String pausedReason;
    private Instant pausedAt;
    private String deleteReason;
    private Instant deletedAt;
    private String lastSkipReason;
    private Instant lastSkippedAt;
    private long skippedTriggerCount;
    private int bufferedCount;
    private List<PendingTrigger> pending;
    private Instant updatedAt;
    private Instant checkedAt;
    private long revision;

    private Builder(ScheduleRecord from) {
      this.from = from;
      this.settings = from.settings;
      this.status = from.status;
      this.nextFireAt = from.nextFireAt;
      this.nextOccurrenceAt = from.nextOccurrenceAt;
      this.lastFiredAt = from.lastFiredAt;
      this.latestInstanceId = from.latestInstanceId;
      this.firesCount = from.firesCount;
      this.remainingActions = from.remainingActions;
      this.pausedReason = from.pausedReason;
      this.pausedAt = from.pausedAt;
      this.deleteReason = from.deleteReason;
      this.deletedAt = from.deletedAt;
      this.lastSkipReason = from.lastSkipReason;
      this.lastSkippedAt = from.lastSkippedAt;
      this.skippedTriggerCount = from.skippedTriggerCount;
      this.bufferedCount = from.bufferedCount;
      this.pending = from.pending;
      this.updatedAt = from.updatedAt;
      this.checkedAt = from.checkedAt;
      this.revision = from.revision;
    }

    public Builder settings(ScheduleSettings value) {
      this.settings = value;
      return this;
    }

    public Builder status(ScheduleStatus value) {
      this.status = value;
      return this;
    }

    /** The next fire (jittered) and its canonical occurrence; both null for none. */
    public Builder next(Instant fireAt, Instant occurrence) {
      this.nextFireAt = fireAt;
      this.nextOccurrenceAt = occurrence;
      return this;
    }

    /** Records one more trigger: count, time, instance, remaining actions. */
    /** The run the overlap policy looks at; null for none. */
    public Builder latestInstanceId(String instanceId) {
      this.latestInstanceId = instanceId;
      return this;
    }

    public Builder fired(Instant at, String instanceId) {
      this.firesCount++;
      this.lastFiredAt = at;
      this.latestInstanceId = instanceId;
      if (remainingActions != null) {
        remainingActions = Math.max(0, remainingActions - 1);
      }
      return this;
    }

    public Builder remainingActions(Integer value) {
      this.remainingActions = value;
      return this;
    }

    public Builder paused(String reason, Instant at) {
      this.pausedReason = reason;
      this.pausedAt = at;
      return this;
    }

    public Builder deleted(String reason, Instant at) {
      this.deleteReason = reason;
      this.deletedAt = at;
      return this;
    }

    /** Records {@code count} more skipped occurrences. */
    public Builder skipped(String reason, Instant at, long count) {
      this.lastSkipReason = reason;
      this.lastSkippedAt = at;
      this.skippedTriggerCount += count;
      return this;
    }

    public Builder bufferedCount(int value) {
      this.bufferedCount = value;
      return this;
    }

    /** Adds a trigger recorded now whose run is still to start. */
    public Builder pending(PendingTrigger trigger) {
      List<PendingTrigger> more = new ArrayList<>(pending);
      more.add(trigger);
      this.pending = more;
      return this;
    }

    /** Drops the pending triggers with these numbers (they were carried out). */
    public Builder carriedOut(Collection<Long> triggerNumbers) {
      this.pending =
          pending.stream().filter(p -> !triggerNumbers.contains(p.triggerNumber())).toList();
      return this;
    }

    public Builder updatedAt(Instant value) {
      this.updatedAt = value;
      return this;
    }

    public Builder checkedAt(Instant value) {
      this.checkedAt = value;
      return this;
    }

    public Builder revision(long value) {
      this.revision = value;
      return this;
    }

    public ScheduleRecord build() {
      return new ScheduleRecord(
          from.namespace,
          from.scheduleId,
          from.ulid,
          settings,
          status,
          nextFireAt,
          nextOccurrenceAt,
          lastFiredAt,
          latestInstanceId,
          firesCount,
          remainingActions,
          pausedReason,
          pausedAt,
          deleteReason,
          deletedAt,
          lastSkipReason,
          lastSkippedAt,
          skippedTriggerCount,
          bufferedCount,
          pending,
          from.createdAt,
          updatedAt,
          checkedAt,
          revision);
    }
  }
}
