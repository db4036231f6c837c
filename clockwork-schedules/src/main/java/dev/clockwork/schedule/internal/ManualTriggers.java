package dev.clockwork.schedule.internal;

import dev.clockwork.schedule.audit.CommandContext;
import dev.clockwork.schedule.definition.InvalidScheduleException;
import dev.clockwork.schedule.definition.OverlapPolicy;
import dev.clockwork.schedule.error.ConcurrentScheduleUpdateException;
import dev.clockwork.schedule.outcome.BackfillResult;
import dev.clockwork.schedule.outcome.TriggerOutcome;
import dev.clockwork.schedule.store.ScheduleRecord;
import dev.clockwork.schedule.store.ScheduleStatus;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Triggers a schedule by hand, now, or for every occurrence of a past window (backfill). Like a
 * tick, each trigger is written first (revision checked; decided again on the fresh schedule when
 * another write came first) and its run started only after.
 */
public final class ManualTriggers {
  private final Services services;

  public ManualTriggers(Services services) {
    this.services = services;
  }

  /**
   * Evaluates the overlap policy now and acts on it; a paused schedule records the trigger as
   * skipped ({@code status_not_triggerable}). Every trigger that starts a run is a new run, {@code
   * schedule:{id}:manual:{trigger number}}.
   *
   * @return the instance started, null when skipped or buffered
   */
  public String trigger(String namespace, String scheduleId, CommandContext context) {
    ScheduleRecord schedule =
        Lifecycle.refuseDeleted(services.load(namespace, scheduleId), "triggered");
    for (int attempt = 0; attempt < Lifecycle.MAX_ATTEMPTS; attempt++) {
      Instant now = services.now();
      Ledger ledger = new Ledger(schedule, services.buffer(schedule), now, context);
      Fact fact =
          schedule.status() == ScheduleStatus.PAUSED
              ? new Fact.Skipped(
                  Fact.Source.MANUAL,
                  null,
                  List.of(now),
                  SkipReasons.STATUS_NOT_TRIGGERABLE,
                  "the schedule is paused")
              : services
                  .firing()
                  .fire(
                      ledger,
                      Fact.Source.MANUAL,
                      null,
                      now,
                      schedule.settings().overlapPolicy(),
                      schedule.settings().maxBuffer());
      if (write(ledger, fact)) {
        return fact instanceof Fact.Triggered triggered ? triggered.instanceId() : null;
      }
      schedule = Lifecycle.refuseDeleted(services.load(namespace, scheduleId), "triggered");
    }
    throw new ConcurrentScheduleUpdateException(namespace, scheduleId, Lifecycle.MAX_ATTEMPTS);
  }

  /**
   * Triggers every canonical occurrence in [from, to) that the schedule has left behind — not after
   * now, and before the occurrence an active schedule is about to fire (its ticks own that one and
   * the later ones) — oldest first, each its own trigger with a {@code
   * schedule:{id}:backfill:{occurrence}} instance. Buffer policies act as allow-all; {@code
   * override} (nullable) replaces the schedule's policy. Stops when max runs are used up (the
   * schedule deletes itself). Occurrences whose instance an earlier backfill started start nothing.
   */
  public List<BackfillResult> backfill(
      String namespace,
      String scheduleId,
      Instant from,
      Instant to,
      OverlapPolicy override,
      CommandContext context) {
    if (from == null || to == null || !from.isBefore(to)) {
      throw new InvalidScheduleException(
          "backfill window [" + from + ", " + to + ") is empty; 'from' must come before 'to'");
    }
    ScheduleRecord schedule =
        Lifecycle.refuseDeleted(services.load(namespace, scheduleId), "backfilled");
    int cap = services.options().maxBackfillOccurrences();
    Instant end = leftBehind(schedule, to);
    Occurrences.Span span =
        end.isAfter(from)
            ? Occurrences.between(schedule.settings().spec(), from.minusNanos(1), end, cap)
            : new Occurrences.Span(List.of(), false);
    if (span.truncated()) {
      throw new InvalidScheduleException(
          "backfill window ["
              + from
              + ", "
              + to
              + ") holds more than "
              + cap
              + " occurrences; split it into smaller windows (or raise maxBackfillOccurrences)");
    }
    OverlapPolicy chosen = override != null ? override : schedule.settings().overlapPolicy();
    OverlapPolicy effective = chosen.buffers() ? OverlapPolicy.ALLOW_ALL : chosen;
    List<BackfillResult> results = new ArrayList<>();
    for (Instant occurrence : span.occurrences()) {
      Fact fact = backfill(namespace, scheduleId, occurrence, effective, context);
      if (fact == null) {
        break;
      }
      results.add(result(scheduleId, occurrence, fact));
    }
    return results;
  }

  /** Where the backfill stops (exclusive): after now, and at an active schedule's next one. */
  private Instant leftBehind(ScheduleRecord schedule, Instant to) {
    Instant end = earlier(to, services.now().plusNanos(1));
    if (schedule.status() == ScheduleStatus.ACTIVE && schedule.nextFireAt() != null) {
      Instant next =
          schedule.nextOccurrenceAt() != null ? schedule.nextOccurrenceAt() : schedule.nextFireAt();
      end = earlier(end, next);
    }
    return end;
  }

  /** One backfilled occurrence, written and started; null when the schedule is deleted. */
  private Fact backfill(
      String namespace,
      String scheduleId,
      Instant occurrence,
      OverlapPolicy effective,
      CommandContext context) {
    for (int attempt = 0; attempt < Lifecycle.MAX_ATTEMPTS; attempt++) {
      ScheduleRecord schedule = services.load(namespace, scheduleId);
      if (schedule.status() == ScheduleStatus.DELETED) {
        return null;
      }
      Ledger ledger = new Ledger(schedule, services.buffer(schedule), services.now(), context);
      Fact fact =
          services
              .firing()
              .fire(
                  ledger,
                  Fact.Source.BACKFILL,
                  null,
                  occurrence,
                  effective,
                  schedule.settings().maxBuffer());
      if (write(ledger, fact)) {
        return fact;
      }
    }
    throw new ConcurrentScheduleUpdateException(namespace, scheduleId, Lifecycle.MAX_ATTEMPTS);
  }

  /**
   * Records {@code fact} and, when the write won, carries out the trigger it recorded; false when
   * another write came first (nothing was started).
   */
  private boolean write(Ledger ledger, Fact fact) {
    ledger.apply(fact);
    if (ledger.changed() && !services.store().commit(ledger.commit(false, null))) {
      return false;
    }
    if (fact instanceof Fact.Triggered triggered && triggered.pending() != null) {
      ScheduleRecord schedule = ledger.record();
      PendingTriggers triggers = new PendingTriggers(services);
      triggers.carryOut(schedule, triggered.pending());
      triggers.drop(
          schedule.namespace(),
          schedule.scheduleId(),
          List.of(triggered.pending().triggerNumber()));
    }
    return true;
  }

  private static Instant earlier(Instant a, Instant b) {
    return a.isBefore(b) ? a : b;
  }

  private static BackfillResult result(String scheduleId, Instant occurrence, Fact fact) {
    if (fact instanceof Fact.Triggered triggered) {
      return new BackfillResult(
          scheduleId, triggered.instanceId(), occurrence, triggered.outcome(), null);
    }
    String reason = fact instanceof Fact.Skipped skipped ? skipped.reason() : null;
    return new BackfillResult(scheduleId, null, occurrence, TriggerOutcome.SKIPPED, reason);
  }
}
