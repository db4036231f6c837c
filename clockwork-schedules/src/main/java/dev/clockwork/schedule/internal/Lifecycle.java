package dev.clockwork.schedule.internal;

import dev.clockwork.runtime.error.UnknownMachineException;
import dev.clockwork.schedule.audit.CommandContext;
import dev.clockwork.schedule.definition.InvalidScheduleException;
import dev.clockwork.schedule.definition.ScheduleAction;
import dev.clockwork.schedule.definition.ScheduleSettings;
import dev.clockwork.schedule.error.ConcurrentScheduleUpdateException;
import dev.clockwork.schedule.error.ScheduleDeletedException;
import dev.clockwork.schedule.store.ScheduleRecord;
import dev.clockwork.schedule.store.ScheduleStatus;
import java.time.Instant;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Creates, pauses, resumes, updates and deletes schedules, each as one revision-checked write with
 * its audit event; a write that loses a race is recomputed from the fresh schedule.
 */
public final class Lifecycle {
  static final int MAX_ATTEMPTS = 10;

  private final Services services;

  public Lifecycle(Services services) {
    this.services = services;
  }

  public ScheduleRecord create(
      String namespace, String scheduleId, ScheduleSettings settings, CommandContext context) {
    checkMachine(settings);
    Instant now = services.now();
    NextFire.Next next =
        NextFire.first(settings.spec(), settings.jitterSeconds(), now, services.random())
            .orElseThrow(
                () ->
                    new InvalidScheduleException(
                        "schedule '"
                            + scheduleId
                            + "': spec "
                            + settings.spec()
                            + " never fires after "
                            + now
                            + "; check its cron expressions and DST policy"));
    ScheduleRecord record =
        ScheduleRecord.created(
            namespace,
            scheduleId,
            Ulid.next(now, services.random()),
            settings,
            next.fireAt(),
            next.occurrence(),
            now);
    services.store().create(record, new AuditEvents(record, now, context).created());
    return record;
  }

  /** Pauses an active schedule; pausing a paused one changes nothing. */
  public ScheduleRecord pause(
      String namespace, String scheduleId, String reason, CommandContext context) {
    return change(
        namespace,
        scheduleId,
        "paused",
        context,
        (schedule, ledger) -> {
          if (schedule.status() == ScheduleStatus.PAUSED) {
            return false;
          }
          ledger.pause(reason);
          return true;
        });
  }

  /**
   * Resumes a paused schedule from now; resuming an active one changes nothing. A schedule with no
   * occurrence left after now ends as {@code spec_exhausted}.
   */
  public ScheduleRecord resume(String namespace, String scheduleId, CommandContext context) {
    return change(
        namespace,
        scheduleId,
        "resumed",
        context,
        (schedule, ledger) -> {
          if (schedule.status() == ScheduleStatus.ACTIVE) {
            return false;
          }
          ledger.resume(next(schedule.settings()));
          endWhenExhausted(ledger);
          return true;
        });
  }

  /**
   * Applies {@code change} to the settings; recomputes the next fire when timing changed, ending
   * the schedule as {@code spec_exhausted} when no occurrence is left after now.
   */
  public ScheduleRecord update(
      String namespace,
      String scheduleId,
      UnaryOperator<ScheduleSettings> change,
      CommandContext context) {
    return change(
        namespace,
        scheduleId,
        "updated",
        context,
        (schedule, ledger) -> {
          ScheduleSettings updated = change.apply(schedule.settings());
          List<String> changed = schedule.settings().changedFields(updated);
          if (changed.isEmpty()) {
            return false;
          }
          if (changed.contains("action")) {
            checkMachine(updated);
          }
          boolean recompute =
              schedule.status() == ScheduleStatus.ACTIVE
                  && schedule.settings().timingDiffers(updated);
          ledger.update(updated, changed, recompute ? next(updated) : null, recompute);
          if (recompute) {
            endWhenExhausted(ledger);
          }
          return true;
        });
  }

  /** Soft-deletes a schedule: status deleted, deleted_at set, buffer dropped, history kept. */
  public ScheduleRecord delete(
      String namespace, String scheduleId, String reason, CommandContext context) {
    return change(
        namespace,
        scheduleId,
        "deleted",
        context,
        (schedule, ledger) -> {
          ledger.delete(reason);
          return true;
        });
  }

  /**
   * Ends an active schedule left with no next fire (a time date or a bounded cycle whose last
   * occurrence passed) in the same write, as a tick ends one ({@link Evaluation#SPEC_EXHAUSTED}):
   * no tick would claim it again. One with buffered or pending triggers is left to the tick, which
   * ends it once they are carried out.
   */
  private static void endWhenExhausted(Ledger ledger) {
    ScheduleRecord record = ledger.record();
    if (record.status() == ScheduleStatus.ACTIVE
        && record.nextFireAt() == null
        && ledger.buffer().isEmpty()
        && record.pending().isEmpty()) {
      ledger.delete(Evaluation.SPEC_EXHAUSTED);
    }
  }

  private NextFire.Next next(ScheduleSettings settings) {
    return NextFire.after(
            settings.spec(), settings.jitterSeconds(), services.now(), services.random())
        .orElse(null);
  }

  private void checkMachine(ScheduleSettings settings) {
    if (settings.action() instanceof ScheduleAction.StartMachine start) {
      try {
        services.engine().machines().latest(start.machine());
      } catch (UnknownMachineException e) {
        throw new InvalidScheduleException(
            "action.machine '"
                + start.machine()
                + "' is not registered with this engine; register its definition"
                + " (Engine.builder().register(...)) before scheduling it",
            e);
      }
    }
  }

  /** A change that records itself on the ledger; false when there is nothing to do. */
  private interface Change {
    boolean apply(ScheduleRecord schedule, Ledger ledger);
  }

  private ScheduleRecord change(
      String namespace, String scheduleId, String command, CommandContext context, Change change) {
    for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      ScheduleRecord schedule = refuseDeleted(services.load(namespace, scheduleId), command);
      Ledger ledger = new Ledger(schedule, services.buffer(schedule), services.now(), context);
      if (!change.apply(schedule, ledger)) {
        return schedule;
      }
      if (services.store().commit(ledger.commit(false, null))) {
        return ledger.record();
      }
    }
    throw new ConcurrentScheduleUpdateException(namespace, scheduleId, MAX_ATTEMPTS);
  }

  static ScheduleRecord refuseDeleted(ScheduleRecord schedule, String command) {
    if (schedule.status() == ScheduleStatus.DELETED) {
      throw new ScheduleDeletedException(
          schedule.namespace(),
          schedule.scheduleId(),
          command,
          schedule.deletedAt(),
          schedule.deleteReason());
    }
    return schedule;
  }
}
