package dev.clockwork.runtime.schedule.internal;

import dev.clockwork.runtime.schedule.audit.CommandContext;
import dev.clockwork.runtime.schedule.definition.InvalidScheduleException;
import dev.clockwork.runtime.schedule.definition.OverlapPolicy;
import dev.clockwork.runtime.schedule.outcome.BackfillResult;
import dev.clockwork.runtime.schedule.outcome.TriggerOutcome;
import dev.clockwork.runtime.schedule.store.ScheduleRecord;
import dev.clockwork.runtime.schedule.store.ScheduleStatus;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** Triggers a schedule by hand, now, or for every occurrence of a past window (backfill). */
public final class ManualTriggers {
  private final Services services;

  public ManualTriggers(Services services) {
    this.services = services;
  }

  /**
   * Evaluates the overlap policy now and acts on it; a paused schedule records the trigger as
   * skipped ({@code status_not_triggerable}).
   *
   * @return the instance started (or found started for this instant), null when skipped or buffered
   */
  public String trigger(String namespace, String scheduleId, CommandContext context) {
    ScheduleRecord schedule =
        Lifecycle.refuseDeleted(services.load(namespace, scheduleId), "triggered");
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
    ledger.apply(fact);
    Lifecycle.write(services, ledger, context);
    return fact instanceof Fact.Triggered triggered ? triggered.instanceId() : null;
  }

  /**
   * Triggers every canonical occurrence in [from, to), oldest first, each its own trigger with a
   * {@code schedule:{id}:backfill:{occurrence}} instance. Buffer policies act as allow-all; {@code
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
    Occurrences.Span span =
        Occurrences.between(schedule.settings().spec(), from.minusNanos(1), to, cap);
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
      if (schedule.status() == ScheduleStatus.DELETED) {
        break;
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
      ledger.apply(fact);
      schedule = Lifecycle.write(services, ledger, context);
      results.add(result(scheduleId, occurrence, fact));
    }
    return results;
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
