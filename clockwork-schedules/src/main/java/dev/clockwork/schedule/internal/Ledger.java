package dev.clockwork.schedule.internal;

import dev.clockwork.schedule.audit.CommandContext;
import dev.clockwork.schedule.audit.ScheduleAuditEvent;
import dev.clockwork.schedule.definition.ScheduleSettings;
import dev.clockwork.schedule.store.BufferedTrigger;
import dev.clockwork.schedule.store.PendingTrigger;
import dev.clockwork.schedule.store.ScheduleCommit;
import dev.clockwork.schedule.store.ScheduleRecord;
import dev.clockwork.schedule.store.ScheduleStatus;
import dev.clockwork.schedule.store.SkippedOccurrence;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * Applies {@link Fact}s to a schedule read at one revision and collects what to write: the new row,
 * audit events, skipped occurrences, buffer changes, triggers recorded and still to carry out. Pure
 * bookkeeping: nothing has been started or sent when a fact is applied; a trigger's run is started
 * only once the write that records it has won ({@link PendingTriggers}).
 */
final class Ledger {
  static final String MAX_RUNS_EXHAUSTED = "max_runs_exhausted";

  private final long baseRevision;
  private final long baseFires;
  private final Instant now;
  private final CommandContext context;
  private final List<BufferedTrigger> buffer;

  /** The skip reason of an occurrence whose run id an instance the schedule did not start holds. */
  static final String RUN_ID_TAKEN = "run_id_taken";

  private final List<ScheduleAuditEvent> audit = new ArrayList<>();
  private final List<SkippedOccurrence> skipped = new ArrayList<>();
  private final List<BufferedTrigger> buffered = new ArrayList<>();
  private final List<Instant> unbuffered = new ArrayList<>();
  private ScheduleRecord record;

  Ledger(ScheduleRecord record, List<BufferedTrigger> buffer, Instant now, CommandContext context) {
    this.record = record;
    this.baseRevision = record.revision();
    this.baseFires = record.firesCount();
    this.buffer = new ArrayList<>(buffer);
    this.now = now;
    this.context = context;
  }

  ScheduleRecord record() {
    return record;
  }

  /** The buffer as the facts so far left it, oldest first. */
  List<BufferedTrigger> buffer() {
    return buffer;
  }

  boolean changed() {
    return record.revision() != baseRevision || !audit.isEmpty();
  }

  /** Records the fact when it still applies to the schedule; returns whether it did. */
  boolean apply(Fact fact) {
    if (fact instanceof Fact.Triggered triggered) {
      return triggered(triggered);
    } else if (fact instanceof Fact.Skipped skip) {
      return skipped(skip);
    } else if (fact instanceof Fact.Buffered buffer) {
      return buffered(buffer);
    }
    return advanced((Fact.Advanced) fact);
  }

  private boolean stillDue(Fact.Source source, Instant due) {
    return source != Fact.Source.TICK || Objects.equals(record.nextFireAt(), due);
  }

  private boolean triggered(Fact.Triggered fact) {
    boolean fromBuffer = fact.source() == Fact.Source.BUFFER;
    boolean applies =
        fact.pending() != null
            && (fromBuffer ? bufferHas(fact.occurrence()) : stillDue(fact.source(), fact.due()));
    if (!applies) {
      return false;
    }
    if (fact.pending().triggerNumber() != record.firesCount() + 1) {
      throw new IllegalStateException(
          "trigger "
              + fact.pending().triggerNumber()
              + " was decided on another revision of schedule '"
              + record.scheduleId()
              + "' (it has fired "
              + record.firesCount()
              + " times)");
    }
    change(record.toBuilder().fired(now, fact.instanceId()).pending(fact.pending()));
    audit.add(
        events()
            .triggered(
                fact.instanceId(), fact.outcome(), fact.effectivePolicy(), fact.occurrence()));
    if (fromBuffer) {
      unbuffer(fact.occurrence());
    }
    Integer remaining = record.remainingActions();
    if (remaining != null && remaining == 0 && record.status() != ScheduleStatus.DELETED) {
      dropBuffer(SkipReasons.REMAINING_ACTIONS_EXHAUSTED);
      delete(MAX_RUNS_EXHAUSTED);
    }
    return true;
  }

  private boolean skipped(Fact.Skipped fact) {
    if (!stillDue(fact.source(), fact.due()) || fact.occurrences().isEmpty()) {
      return false;
    }
    skip(fact.occurrences(), fact.reason(), fact.detail());
    return true;
  }

  private boolean buffered(Fact.Buffered fact) {
    if (!stillDue(fact.source(), fact.due())) {
      return false;
    }
    BufferedTrigger trigger = new BufferedTrigger(fact.occurrence(), now);
    buffer.add(trigger);
    buffered.add(trigger);
    change(record.toBuilder().bufferedCount(record.bufferedCount() + 1));
    return true;
  }

  private boolean advanced(Fact.Advanced fact) {
    if (record.status() != ScheduleStatus.ACTIVE || !stillDue(Fact.Source.TICK, fact.due())) {
      return false;
    }
    change(record.toBuilder().next(fact.fireAt(), fact.occurrence()));
    return true;
  }

  /**
   * Drops the pending triggers with these numbers, carried out now; false when none was pending.
   */
  boolean carriedOut(Collection<Long> triggerNumbers) {
    if (record.pending().stream().noneMatch(p -> triggerNumbers.contains(p.triggerNumber()))) {
      return false;
    }
    change(record.toBuilder().carriedOut(triggerNumbers));
    return true;
  }

  /** The triggers recorded by facts on this ledger (not yet written, not yet carried out). */
  List<PendingTrigger> recorded() {
    return record.pending().stream().filter(p -> p.triggerNumber() > baseFires).toList();
  }

  /** Pauses the schedule; its next fire is forgotten until it resumes. */
  void pause(String reason) {
    change(record.toBuilder().status(ScheduleStatus.PAUSED).paused(reason, now).next(null, null));
    audit.add(events().paused(reason));
  }

  /** Resumes the schedule with its next fire computed from now. */
  void resume(NextFire.Next next) {
    change(
        record.toBuilder()
            .status(ScheduleStatus.ACTIVE)
            .paused(null, null)
            .next(next == null ? null : next.fireAt(), next == null ? null : next.occurrence()));
    audit.add(events().resumed());
  }

  /**
   * Replaces the settings; {@code next} is the recomputed fire, or null to keep the current one.
   */
  void update(
      ScheduleSettings settings,
      List<String> changedFields,
      NextFire.Next next,
      boolean recompute) {
    ScheduleRecord.Builder builder = record.toBuilder().settings(settings);
    if (recompute) {
      builder.next(next == null ? null : next.fireAt(), next == null ? null : next.occurrence());
    }
    if (changedFields.contains("max_runs")) {
      builder.remainingActions(settings.maxRuns());
    }
    change(builder);
    audit.add(events().updated(changedFields));
  }

  /** Soft-deletes the schedule; buffered triggers are dropped and recorded as skipped. */
  void delete(String reason) {
    dropBuffer(SkipReasons.SCHEDULE_DELETED);
    change(record.toBuilder().status(ScheduleStatus.DELETED).deleted(reason, now).next(null, null));
    audit.add(events().deleted(reason));
  }

  private void dropBuffer(String reason) {
    if (buffer.isEmpty()) {
      return;
    }
    List<Instant> dropped = buffer.stream().map(BufferedTrigger::occurrence).toList();
    dropped.forEach(this::unbuffer);
    skip(dropped, reason, "buffered trigger dropped");
  }

  /**
   * The trigger's run id was found taken by an instance the schedule did not start: its occurrence
   * is recorded skipped ({@value #RUN_ID_TAKEN}), audited with the other skips, and that instance
   * is not taken for the schedule's latest run (the overlap policy does not wait for it).
   */
  void runIdTaken(PendingTrigger trigger) {
    if (trigger.instanceId().equals(record.latestInstanceId())) {
      change(record.toBuilder().latestInstanceId(null));
    }
    skip(
        List.of(trigger.occurrence() != null ? trigger.occurrence() : now),
        RUN_ID_TAKEN,
        "run id '" + trigger.instanceId() + "' is held by an instance the schedule did not start");
  }

  private void skip(List<Instant> occurrences, String reason, String detail) {
    for (Instant occurrence : occurrences) {
      skipped.add(
          new SkippedOccurrence(
              record.namespace(), record.scheduleId(), 0, occurrence, reason, detail, now));
    }
    change(record.toBuilder().skipped(reason, now, occurrences.size()));
    audit.add(events().skipped(reason));
  }

  private boolean bufferHas(Instant occurrence) {
    return buffer.stream().anyMatch(b -> b.occurrence().equals(occurrence));
  }

  private void unbuffer(Instant occurrence) {
    for (int i = 0; i < buffer.size(); i++) {
      if (buffer.get(i).occurrence().equals(occurrence)) {
        buffer.remove(i);
        break;
      }
    }
    unbuffered.add(occurrence);
    change(record.toBuilder().bufferedCount(Math.max(0, record.bufferedCount() - 1)));
  }

  private void change(ScheduleRecord.Builder builder) {
    record = builder.updatedAt(now).revision(baseRevision + 1).build();
  }

  private AuditEvents events() {
    return new AuditEvents(record, now, context);
  }

  /** The write of everything recorded; {@code checkedAt} non-null for a tick's evaluation. */
  ScheduleCommit commit(boolean release, Instant checkedAt) {
    ScheduleRecord next = record;
    if (checkedAt != null || next.revision() == baseRevision) {
      ScheduleRecord.Builder builder = next.toBuilder().revision(baseRevision + 1);
      if (checkedAt != null) {
        builder.checkedAt(checkedAt);
      }
      next = builder.build();
    }
    return new ScheduleCommit(next, audit, skipped, buffered, unbuffered, release);
  }
}
