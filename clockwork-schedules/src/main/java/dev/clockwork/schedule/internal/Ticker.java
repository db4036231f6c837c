package dev.clockwork.schedule.internal;

import dev.clockwork.schedule.definition.ScheduleOptions;
import dev.clockwork.schedule.outcome.TickResult;
import dev.clockwork.schedule.store.ScheduleRecord;
import dev.clockwork.schedule.store.ScheduleStore;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * One evaluation pass over every schedule due at the clock's current instant, in every namespace,
 * and over every schedule holding triggers recorded but not carried out. Schedules are claimed in
 * batches (a claim keeps other nodes off a schedule while it is evaluated) and each batch is
 * evaluated together ({@link TickBatch}): its triggers written in one batch of revision-checked
 * writes, then its runs created in one commit. Every trigger is written before its run starts, so
 * two nodes evaluating one occurrence record it once and start one run, and a node that loses the
 * row starts nothing.
 *
 * <p>The tick evaluates at most {@code maxTriggersPerTick} occurrences: a schedule is admitted
 * while the budget lasts ({@link TickBudget}); schedules claimed beyond it are given back.
 */
public final class Ticker {
  private final Services services;

  public Ticker(Services services) {
    this.services = services;
  }

  public List<TickResult> tick() {
    Instant now = services.now();
    ScheduleStore store = services.store();
    ScheduleOptions options = services.options();
    List<TickResult> rows = new ArrayList<>();
    TickBudget budget = new TickBudget(options.maxTriggersPerTick());
    while (budget.hasLeft()) {
      List<ScheduleRecord> claimed =
          store.claimDue(now, options.claimBatchSize(), options.owner(), options.claimLease());
      if (claimed.isEmpty()) {
        break;
      }
      List<ScheduleRecord> admitted = new ArrayList<>(claimed.size());
      for (ScheduleRecord schedule : claimed) {
        if (budget.admit()) {
          admitted.add(schedule);
        } else {
          store.release(schedule.namespace(), schedule.scheduleId(), options.owner());
        }
      }
      rows.addAll(new TickBatch(services).run(admitted, now, budget));
    }
    return rows;
  }
}
