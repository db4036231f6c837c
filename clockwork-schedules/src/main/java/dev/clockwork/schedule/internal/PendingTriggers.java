package dev.clockwork.schedule.internal;

import dev.clockwork.core.event.Event;
import dev.clockwork.core.interpreter.InstanceStatus;
import dev.clockwork.runtime.CreateOutcome;
import dev.clockwork.runtime.Engine;
import dev.clockwork.runtime.Instances;
import dev.clockwork.runtime.error.UnknownInstanceException;
import dev.clockwork.runtime.instance.NamespacedIds;
import dev.clockwork.runtime.instance.NewInstance;
import dev.clockwork.runtime.queue.EventRequest;
import dev.clockwork.runtime.store.DuplicateInstanceException;
import dev.clockwork.schedule.audit.ScheduleEventType;
import dev.clockwork.schedule.definition.OverlapPolicy;
import dev.clockwork.schedule.definition.ScheduleAction;
import dev.clockwork.schedule.outcome.TriggerOutcome;
import dev.clockwork.schedule.store.PendingTrigger;
import dev.clockwork.schedule.store.ScheduleRecord;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Carries out triggers that are recorded on their schedule ({@link PendingTrigger}) and drops them
 * from it afterwards. Carrying one out is safe to repeat — by the node that recorded it, or by a
 * tick after that node died: the run's id is deterministic (a second start finds it started) and an
 * event is sent with an idempotency key of the schedule and trigger number.
 */
final class PendingTriggers {
  private static final Logger LOG = LoggerFactory.getLogger(PendingTriggers.class);

  private final Services services;

  PendingTriggers(Services services) {
    this.services = services;
  }

  /**
   * Starts the run (stopping the previous one first when the policy says so) or sends the event.
   */
  TriggerOutcome carryOut(ScheduleRecord schedule, PendingTrigger trigger) {
    Engine engine = services.engine();
    if (trigger.action() instanceof ScheduleAction.SendEvent send) {
      try {
        engine.enqueue(
            EventRequest.to(send.instanceId(), Event.of(send.event(), send.payload()))
                .namespace(schedule.namespace())
                .idempotencyKey(
                    "schedule:"
                        + schedule.namespace()
                        + ":"
                        + schedule.scheduleId()
                        + ":trigger:"
                        + trigger.triggerNumber()));
      } catch (UnknownInstanceException gone) {
        LOG.warn(
            "schedule {}/{}: trigger {} sends to instance '{}', which no longer exists",
            schedule.namespace(),
            schedule.scheduleId(),
            trigger.triggerNumber(),
            send.instanceId());
      }
      return TriggerOutcome.SENT;
    }
    if (trigger.previous() != null) {
      if (status(trigger.instanceId()).isPresent()) {
        // carried out before (the previous run was stopped), or the id was taken
        return existing(schedule, trigger);
      }
      stop(trigger);
    }
    try {
      engine.admin().reservedCreations().create(run(schedule, trigger));
      return TriggerOutcome.STARTED;
    } catch (DuplicateInstanceException startedBefore) {
      return existing(schedule, trigger);
    }
  }

  /**
   * What a run whose id exists is: {@code already_started} when this schedule started it (its
   * history opens with this trigger's {@code ScheduleTriggered}), else {@code run_id_taken} — an
   * instance the schedule did not start holds its id, and the run is never reported started.
   */
  private TriggerOutcome existing(ScheduleRecord schedule, PendingTrigger trigger) {
    if (startedHere(schedule, trigger)) {
      return TriggerOutcome.ALREADY_STARTED;
    }
    LOG.warn(
        "schedule {}/{}: trigger {} did not start its run: its id '{}' is taken by an instance"
            + " the schedule did not start",
        schedule.namespace(),
        schedule.scheduleId(),
        trigger.triggerNumber(),
        NamespacedIds.idOf(trigger.instanceId()));
    return TriggerOutcome.RUN_ID_TAKEN;
  }

  private boolean startedHere(ScheduleRecord schedule, PendingTrigger trigger) {
    Optional<Event> origin;
    try {
      origin = instancesOf(trigger.instanceId()).origin(NamespacedIds.idOf(trigger.instanceId()));
    } catch (UnknownInstanceException gone) {
      return true; // it existed a moment ago: ended and purged, so it holds nothing against us
    }
    return origin
        .filter(o -> o.type().equals(ScheduleEventType.ScheduleTriggered.name()))
        .filter(o -> Objects.equals(o.payload().get("schedule_ulid"), schedule.ulid()))
        .filter(
            o ->
                o.payload().get("trigger_number") instanceof Number n
                    && n.longValue() == trigger.triggerNumber())
        .isPresent();
  }

  /**
   * How a schedule's run is created: its machine, deterministic id and input, routed to the queue
   * (its machine's default queue when none is named), with the labels, memo and search attributes
   * the schedule had when the trigger was recorded — its current ones for a trigger stored before
   * they were kept — and its lineage.
   */
  private static NewInstance run(ScheduleRecord schedule, PendingTrigger trigger) {
    ScheduleAction.StartMachine start = (ScheduleAction.StartMachine) trigger.action();
    PendingTrigger.RunMetadata run =
        trigger.run() != null ? trigger.run() : PendingTrigger.RunMetadata.of(schedule.settings());
    return NewInstance.of(start.machine())
        .namespace(NamespacedIds.namespaceOf(trigger.instanceId()))
        .id(NamespacedIds.idOf(trigger.instanceId()))
        .input(start.input())
        .queue(run.queue())
        .labels(run.labels())
        .memo(run.memo())
        .searchAttributes(run.searchAttributes())
        .origin(origin(trigger));
  }

  /** What carrying out one trigger of {@link #startAll} gave: its outcome, or its failure. */
  record Carried(TriggerOutcome outcome, RuntimeException failure) {}

  /**
   * True when carrying {@code trigger} out is starting its run and nothing else: no event to send,
   * no previous run to stop first. Such triggers are carried out together by {@link #startAll}.
   */
  static boolean startsOnly(PendingTrigger trigger) {
    return trigger.action() instanceof ScheduleAction.StartMachine && trigger.previous() == null;
  }

  /**
   * Carries out triggers that only start their runs ({@link #startsOnly}) — of any schedules — as
   * {@link #carryOut} does, creating the runs in one batch ({@link Engine#createAll}): a run that
   * exists is {@code already_started}; a creation that fails fails its trigger alone.
   *
   * @param schedules per trigger, the schedule it was recorded on
   * @return per trigger, in order, its outcome or failure
   */
  List<Carried> startAll(List<ScheduleRecord> schedules, List<PendingTrigger> starts) {
    Carried[] carried = new Carried[starts.size()];
    List<NewInstance> creations = new ArrayList<>(starts.size());
    List<Integer> at = new ArrayList<>(starts.size());
    for (int i = 0; i < starts.size(); i++) {
      PendingTrigger trigger = starts.get(i);
      try { // a run's settings that no longer pass the checks fail that trigger alone
        creations.add(run(schedules.get(i), trigger));
        at.add(i);
      } catch (RuntimeException e) {
        carried[i] = new Carried(null, e);
      }
    }
    List<CreateOutcome> outcomes =
        services.engine().admin().reservedCreations().createAll(creations);
    for (int k = 0; k < outcomes.size(); k++) {
      CreateOutcome outcome = outcomes.get(k);
      int i = at.get(k);
      carried[i] =
          outcome.failure() != null
              ? new Carried(null, outcome.failure())
              : new Carried(
                  outcome.created()
                      ? TriggerOutcome.STARTED
                      : existing(schedules.get(i), starts.get(i)),
                  null);
    }
    return Arrays.asList(carried);
  }

  /** The first row of the run's history: the trigger's lineage. */
  private static Event origin(PendingTrigger trigger) {
    return Event.of(ScheduleEventType.ScheduleTriggered.name(), trigger.lineage());
  }

  private void stop(PendingTrigger trigger) {
    if (status(trigger.previous()).orElse(null) != InstanceStatus.ACTIVE) {
      return;
    }
    try {
      if (trigger.policy() == OverlapPolicy.TERMINATE_OTHER) {
        instancesOf(trigger.previous()).terminate(NamespacedIds.idOf(trigger.previous()));
      } else {
        instancesOf(trigger.previous()).cancel(NamespacedIds.idOf(trigger.previous()));
      }
    } catch (UnknownInstanceException gone) {
      // nothing to stop
    }
  }

  private Optional<InstanceStatus> status(String instanceId) {
    try {
      return Optional.of(instancesOf(instanceId).get(NamespacedIds.idOf(instanceId)).status());
    } catch (UnknownInstanceException gone) {
      return Optional.empty();
    }
  }

  /**
   * Drops carried-out triggers from the schedule, whoever wrote it meanwhile; when every attempt
   * loses, they stay and are carried out again by a later tick, which finds them done.
   */
  void drop(String namespace, String scheduleId, Collection<Long> triggerNumbers) {
    if (triggerNumbers.isEmpty()) {
      return;
    }
    for (int attempt = 0; attempt < Lifecycle.MAX_ATTEMPTS; attempt++) {
      Optional<ScheduleRecord> fresh = services.store().find(namespace, scheduleId);
      if (fresh.isEmpty()) {
        return;
      }
      Ledger ledger = new Ledger(fresh.get(), List.of(), services.now(), null);
      if (!ledger.carriedOut(triggerNumbers)
          || services.store().commit(ledger.commit(false, null))) {
        return;
      }
    }
  }

  /**
   * The instances of the namespace holding the stored id {@code storedId} (a run's, a target's).
   */
  private Instances instancesOf(String storedId) {
    return services.engine().admin().namespaceOfStoredId(storedId).instances();
  }
}
