package dev.clockwork.runtime.schedule.internal;

import dev.clockwork.runtime.schedule.definition.ScheduleOptions;
import dev.clockwork.runtime.schedule.outcome.TickResult;
import dev.clockwork.runtime.schedule.outcome.TriggerOutcome;
import dev.clockwork.runtime.schedule.store.ScheduleRecord;
import dev.clockwork.runtime.schedule.store.ScheduleStore;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One evaluation pass over every schedule due at the clock's current instant, in every namespace,
 * and over every schedule holding triggers recorded but not carried out. Schedules are claimed in
 * batches (a claim keeps other nodes off a schedule while it is evaluated) and evaluated; every
 * trigger is written, with a revision check, before its run starts, so two nodes evaluating one
 * occurrence record it once and start one run, and a node that loses the row starts nothing.
 */
public final class Ticker {
  private static final Logger LOG = LoggerFactory.getLogger(Ticker.class);

  private final Services services;

  public Ticker(Services services) {
    this.services = services;
  }

  public List<TickResult> tick() {
    Instant now = services.now();
    ScheduleStore store = services.store();
    ScheduleOptions options = services.options();
    List<TickResult> rows = new ArrayList<>();
    int budget = options.maxTriggersPerTick();
    while (budget > 0) {
      List<ScheduleRecord> claimed =
          store.claimDue(now, options.claimBatchSize(), options.owner(), options.claimLease());
      if (claimed.isEmpty()) {
        break;
      }
      for (ScheduleRecord schedule : claimed) {
        if (budget <= 0) {
          store.release(schedule.namespace(), schedule.scheduleId(), options.owner());
          continue;
        }
        budget -= evaluate(schedule, now, Math.min(budget, options.maxOccurrencesPerClaim()), rows);
      }
    }
    return rows;
  }

  /** Evaluates one claimed schedule and writes the result; returns the steps it took (≥ 1). */
  private int evaluate(ScheduleRecord schedule, Instant now, int maxSteps, List<TickResult> rows) {
    Evaluation evaluation = new Evaluation(services, schedule, now);
    try {
      evaluation.run(maxSteps);
      evaluation.finish();
    } catch (RuntimeException e) {
      LOG.warn(
          "schedule {}/{} failed to trigger; it is tried again when its claim expires",
          schedule.namespace(),
          schedule.scheduleId(),
          e);
      evaluation.keepWhatWasDone();
      rows.addAll(evaluation.rows());
      rows.add(
          new TickResult(
              schedule.namespace(),
              schedule.scheduleId(),
              null,
              TriggerOutcome.FAILED,
              schedule.nextFireAt(),
              schedule.lastFiredAt(),
              schedule.nextFireAt(),
              e.getClass().getSimpleName() + ": " + e.getMessage()));
      return Math.max(1, evaluation.steps());
    }
    rows.addAll(evaluation.rows());
    return Math.max(1, evaluation.steps());
  }
}
