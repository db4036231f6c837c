package dev.clockwork.runtime.schedule.internal;

import dev.clockwork.core.event.Event;
import dev.clockwork.core.interpreter.InstanceStatus;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.error.UnknownInstanceException;
import dev.clockwork.runtime.instance.CreateOptions;
import dev.clockwork.runtime.schedule.audit.ScheduleEventType;
import dev.clockwork.runtime.schedule.definition.OverlapPolicy;
import dev.clockwork.runtime.schedule.definition.ScheduleAction;
import dev.clockwork.runtime.schedule.definition.ScheduleSettings;
import dev.clockwork.runtime.schedule.outcome.TriggerOutcome;
import dev.clockwork.runtime.schedule.store.ScheduleRecord;
import dev.clockwork.runtime.store.DuplicateInstanceException;
import java.time.Instant;
import java.util.List;

/**
 * Performs one occurrence of a schedule on the engine under an overlap policy, and says what
 * happened as a {@link Fact}. The instance id is deterministic, so an occurrence tried twice (two
 * nodes, a retry) starts one instance: the second try finds it started.
 */
final class Firing {
  private final Engine engine;
  private final String defaultNamespace;

  Firing(Engine engine, String defaultNamespace) {
    this.engine = engine;
    this.defaultNamespace = defaultNamespace;
  }

  /**
   * Evaluates {@code policy} against the instance the schedule started last and acts on it.
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
      return send(source, due, occurrence, send);
    }
    if (!previousRunning(schedule)) {
      return start(schedule, source, due, occurrence, policy);
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
        engine.cancel(schedule.latestInstanceId());
        return start(schedule, source, due, occurrence, policy);
      case TERMINATE_OTHER:
        engine.terminate(schedule.latestInstanceId());
        return start(schedule, source, due, occurrence, policy);
      default:
        return start(schedule, source, due, occurrence, policy);
    }
  }

  /** True when the instance the schedule started last has not reached a final state. */
  boolean previousRunning(ScheduleRecord schedule) {
    String previous = schedule.latestInstanceId();
    if (previous == null || schedule.settings().action() instanceof ScheduleAction.SendEvent) {
      return false;
    }
    try {
      return engine.instance(previous).status() == InstanceStatus.ACTIVE;
    } catch (UnknownInstanceException gone) {
      return false;
    }
  }

  /** Starts the occurrence's instance (its id from the occurrence, or the backfill form). */
  Fact.Triggered start(
      ScheduleRecord schedule,
      Fact.Source source,
      Instant due,
      Instant occurrence,
      OverlapPolicy effective) {
    ScheduleAction.StartMachine start = (ScheduleAction.StartMachine) schedule.settings().action();
    String id =
        source == Fact.Source.BACKFILL
            ? InstanceIds.backfill(
                schedule.namespace(), defaultNamespace, schedule.scheduleId(), occurrence)
            : InstanceIds.occurrence(
                schedule.namespace(), defaultNamespace, schedule.scheduleId(), occurrence);
    Event origin =
        Event.of(
            ScheduleEventType.ScheduleTriggered.name(),
            AuditEvents.lineage(schedule, effective, schedule.firesCount() + 1, occurrence));
    TriggerOutcome outcome =
        source == Fact.Source.BUFFER ? TriggerOutcome.DRAINED : TriggerOutcome.STARTED;
    try {
      engine.create(start.machine(), id, start.input(), runOptions(schedule, origin));
    } catch (DuplicateInstanceException startedBefore) {
      outcome = TriggerOutcome.ALREADY_STARTED;
    }
    return new Fact.Triggered(source, due, occurrence, id, outcome, effective);
  }

  /**
   * How a schedule's run is created: routed to the schedule's queue (its machine's default queue
   * when it names none), with the schedule's labels, memo and search attributes, and its lineage.
   */
  private static CreateOptions runOptions(ScheduleRecord schedule, Event origin) {
    ScheduleSettings settings = schedule.settings();
    return CreateOptions.builder()
        .queue(settings.queue())
        .labels(settings.labels())
        .memo(settings.memo())
        .searchAttributes(settings.searchAttributes())
        .origin(origin)
        .build();
  }

  private Fact send(
      Fact.Source source, Instant due, Instant occurrence, ScheduleAction.SendEvent send) {
    try {
      engine.enqueue(send.instanceId(), Event.of(send.event(), send.payload()));
    } catch (UnknownInstanceException missing) {
      return skip(
          source,
          due,
          occurrence,
          SkipReasons.TARGET_INSTANCE_MISSING,
          "instance '" + send.instanceId() + "' does not exist");
    }
    return new Fact.Triggered(
        source, due, occurrence, send.instanceId(), TriggerOutcome.SENT, OverlapPolicy.ALLOW_ALL);
  }

  private static Fact skip(
      Fact.Source source, Instant due, Instant occurrence, String reason, String detail) {
    return new Fact.Skipped(source, due, List.of(occurrence), reason, detail);
  }
}
