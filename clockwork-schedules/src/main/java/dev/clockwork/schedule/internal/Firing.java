package dev.clockwork.schedule.internal;

import dev.clockwork.core.interpreter.InstanceStatus;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.error.UnknownInstanceException;
import dev.clockwork.runtime.instance.NamespacedIds;
import dev.clockwork.schedule.definition.OverlapPolicy;
import dev.clockwork.schedule.definition.ScheduleAction;
import dev.clockwork.schedule.outcome.TriggerOutcome;
import dev.clockwork.schedule.store.PendingTrigger;
import dev.clockwork.schedule.store.ScheduleRecord;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Decides what one occurrence of a schedule does under an overlap policy, and says it as a {@link
 * Fact}; it reads instances but starts, stops and sends nothing. A run it decides to start is a
 * {@link PendingTrigger} that is carried out only once the trigger is recorded ({@link
 * PendingTriggers}), so no run ever exists whose trigger lost a race for the schedule's row.
 */
final class Firing {
  private final Engine engine;
  private final KnownStatuses known;

  Firing(Engine engine) {
    this(engine, KnownStatuses.NONE);
  }

  private Firing(Engine engine, KnownStatuses known) {
    this.engine = engine;
    this.known = known;
  }

  /** This firing, taking instance statuses a tick read ahead for its batch when it has them. */
  Firing knowing(KnownStatuses statuses) {
    return new Firing(engine, statuses);
  }

  /**
   * Evaluates {@code policy} against the run the schedule started last.
   *
   * @param due the fire time a tick decided for (null otherwise)
   * @param maxBuffer the buffer's bound under {@link OverlapPolicy#BUFFER_ALL}
   */
  Fact fire(
      Ledger ledger,
      Fact.Source source,
      Instant due,
      Instant occurrence,
      OverlapPolicy policy,
      int maxBuffer) {
    ScheduleRecord schedule = ledger.record();
    if (schedule.settings().action() instanceof ScheduleAction.SendEvent send) {
      return send(schedule, source, due, occurrence, send);
    }
    if (!previousRunning(schedule)) {
      return start(schedule, source, due, occurrence, policy, null);
    }
    switch (policy) {
      case SKIP:
        return skip(source, due, occurrence, SkipReasons.OVERLAP_POLICY_SKIP, null);
      case BUFFER_ONE:
      case BUFFER_ALL:
        int bound = policy == OverlapPolicy.BUFFER_ONE ? 1 : maxBuffer;
        if (ledger.buffer().size() >= bound) {
          return skip(
              source, due, occurrence, SkipReasons.BUFFER_OVERFLOW, "buffer holds " + bound);
        }
        return new Fact.Buffered(source, due, occurrence);
      case CANCEL_OTHER:
      case TERMINATE_OTHER:
        return start(schedule, source, due, occurrence, policy, schedule.latestInstanceId());
      default:
        return start(schedule, source, due, occurrence, policy, null);
    }
  }

  /**
   * True when the run the schedule started last has not reached a final state — or is recorded and
   * about to start.
   */
  boolean previousRunning(ScheduleRecord schedule) {
    String previous = schedule.latestInstanceId();
    if (previous == null || schedule.settings().action() instanceof ScheduleAction.SendEvent) {
      return false;
    }
    return schedule.isPending(previous) || status(previous) == InstanceStatus.ACTIVE;
  }

  /**
   * Decides to start the occurrence's run as the schedule's next trigger: its id from the
   * occurrence, the backfill form or the trigger number (manual). A backfilled occurrence that has
   * a run (or is about to) — backfilled before, or fired by a tick without jitter — is {@code
   * already_started} and records nothing.
   *
   * @param previous the run to stop first, or null
   */
  Fact.Triggered start(
      ScheduleRecord schedule,
      Fact.Source source,
      Instant due,
      Instant occurrence,
      OverlapPolicy effective,
      String previous) {
    ScheduleAction.StartMachine start = (ScheduleAction.StartMachine) schedule.settings().action();
    // an unknown machine fails here, before anything is recorded
    engine.machines().latest(start.machine());
    long number = schedule.firesCount() + 1;
    String id = id(schedule, source, occurrence, number);
    if (source == Fact.Source.BACKFILL && hasRun(schedule, id, occurrence)) {
      return new Fact.Triggered(
          source, due, occurrence, id, TriggerOutcome.ALREADY_STARTED, effective, null);
    }
    Map<String, Object> lineage = AuditEvents.lineage(schedule, effective, number, occurrence);
    PendingTrigger pending =
        new PendingTrigger(
            number,
            id,
            occurrence,
            start,
            lineage,
            effective,
            previous,
            PendingTrigger.RunMetadata.of(schedule.settings()));
    TriggerOutcome outcome =
        source == Fact.Source.BUFFER ? TriggerOutcome.DRAINED : TriggerOutcome.STARTED;
    return new Fact.Triggered(source, due, occurrence, id, outcome, effective, pending);
  }

  /** True when the backfilled occurrence has a run: backfilled before, or fired by a tick. */
  private boolean hasRun(ScheduleRecord schedule, String backfillId, Instant occurrence) {
    String tickId = InstanceIds.occurrence(schedule.namespace(), schedule.scheduleId(), occurrence);
    return schedule.isPending(backfillId)
        || schedule.isPending(tickId)
        || status(backfillId) != null
        || status(tickId) != null;
  }

  private String id(ScheduleRecord schedule, Fact.Source source, Instant occurrence, long number) {
    String namespace = schedule.namespace();
    String scheduleId = schedule.scheduleId();
    return switch (source) {
      case BACKFILL -> InstanceIds.backfill(namespace, scheduleId, occurrence);
      case MANUAL -> InstanceIds.manual(namespace, scheduleId, number);
      default -> InstanceIds.occurrence(namespace, scheduleId, occurrence);
    };
  }

  private Fact send(
      ScheduleRecord schedule,
      Fact.Source source,
      Instant due,
      Instant occurrence,
      ScheduleAction.SendEvent send) {
    if (status(NamespacedIds.stored(schedule.namespace(), send.instanceId())) == null) {
      return skip(
          source,
          due,
          occurrence,
          SkipReasons.TARGET_INSTANCE_MISSING,
          "instance '" + send.instanceId() + "' does not exist");
    }
    PendingTrigger pending =
        new PendingTrigger(
            schedule.firesCount() + 1,
            send.instanceId(),
            occurrence,
            send,
            Map.of(),
            OverlapPolicy.ALLOW_ALL,
            null);
    return new Fact.Triggered(
        source,
        due,
        occurrence,
        send.instanceId(),
        TriggerOutcome.SENT,
        OverlapPolicy.ALLOW_ALL,
        pending);
  }

  /**
   * The status of the instance with the stored id {@code instanceId}, null when it does not exist.
   */
  private InstanceStatus status(String instanceId) {
    if (known.has(instanceId)) {
      return known.take(instanceId);
    }
    try {
      return engine
          .admin()
          .namespaceOfStoredId(instanceId)
          .instances()
          .get(NamespacedIds.idOf(instanceId))
          .status();
    } catch (UnknownInstanceException gone) {
      return null;
    }
  }

  private static Fact skip(
      Fact.Source source, Instant due, Instant occurrence, String reason, String detail) {
    return new Fact.Skipped(source, due, List.of(occurrence), reason, detail);
  }
}
