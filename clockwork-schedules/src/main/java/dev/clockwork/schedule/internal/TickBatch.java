package dev.clockwork.schedule.internal;

import dev.clockwork.schedule.outcome.TickResult;
import dev.clockwork.schedule.outcome.TriggerOutcome;
import dev.clockwork.schedule.store.PendingTrigger;
import dev.clockwork.schedule.store.ScheduleCommit;
import dev.clockwork.schedule.store.ScheduleRecord;
import dev.clockwork.schedule.store.ScheduleStore;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Evaluates a claimed batch of schedules together, in rounds: the instances their first decisions
 * ask about are read at once ({@link KnownStatuses}); then each round every schedule decides until
 * it needs the store or the engine ({@link Evaluation#next}); then the triggers they recorded are
 * written in one {@link ScheduleStore#commitAll} (each write revision-checked on its own row), the
 * runs of those that won are created in one batch ({@link PendingTriggers#startAll}), and the next
 * round begins. Once every schedule is done, what is left — next fires, triggers carried out
 * dropped, claims given up — is one more {@code commitAll}. A schedule whose write loses starts
 * nothing of that step; one that fails is written as far as it got and keeps its claim, to be tried
 * again when the claim expires; neither holds the others back.
 *
 * <p>When a batched write throws, each write is tried alone, so one schedule's failure is its own.
 */
final class TickBatch {
  private static final Logger LOG = LoggerFactory.getLogger(TickBatch.class);

  private final Services services;
  private final PendingTriggers triggers;

  TickBatch(Services services) {
    this.services = services;
    this.triggers = new PendingTriggers(services);
  }

  /** One schedule of the batch, and the failure that ended its evaluation, if any. */
  private static final class Entry {
    final Evaluation evaluation;
    RuntimeException failure;
    boolean done;

    Entry(Evaluation evaluation) {
      this.evaluation = evaluation;
    }
  }

  /**
   * Evaluates the admitted schedules to the end.
   *
   * @return their rows, schedule by schedule in the order given
   */
  List<TickResult> run(List<ScheduleRecord> admitted, Instant now, TickBudget budget) {
    List<Entry> entries = new ArrayList<>(admitted.size());
    int maxSteps = services.options().maxOccurrencesPerClaim();
    KnownStatuses known = KnownStatuses.of(services.engine(), admitted);
    for (ScheduleRecord schedule : admitted) {
      entries.add(new Entry(new Evaluation(services, schedule, now, budget, maxSteps, known)));
    }
    List<Entry> live = new ArrayList<>(entries);
    while (!live.isEmpty()) {
      round(live);
      live.removeIf(e -> e.done || e.failure != null);
    }
    finish(entries);
    return rows(entries);
  }

  /** Every schedule decides; then one batch of writes, then one batch of carry-outs. */
  private void round(List<Entry> live) {
    List<Entry> writing = new ArrayList<>();
    for (Entry entry : live) {
      try {
        switch (entry.evaluation.next()) {
          case WRITE -> writing.add(entry);
          case DONE -> entry.done = true;
          default -> {
            // carried out below
          }
        }
      } catch (RuntimeException e) {
        fail(entry, e);
      }
    }
    write(writing);
    List<Entry> carrying = new ArrayList<>();
    for (Entry entry : live) {
      if (entry.failure == null && !entry.done && !entry.evaluation.toCarryOut().isEmpty()) {
        carrying.add(entry);
      }
    }
    carryOut(carrying);
  }

  /** Writes the recorded triggers; tells each evaluation whether its write won. */
  private void write(List<Entry> writing) {
    List<ScheduleCommit> commits = new ArrayList<>(writing.size());
    writing.forEach(entry -> commits.add(entry.evaluation.pendingWrite()));
    List<Boolean> won = commitAll(writing, commits);
    for (int i = 0; i < writing.size(); i++) {
      if (won.get(i) != null) {
        writing.get(i).evaluation.written(won.get(i));
      }
    }
  }

  /**
   * Writes the commits in one {@link ScheduleStore#commitAll}; when it throws, one by one. Returns
   * per commit whether it won, or null when its write failed (the entry failed).
   */
  private List<Boolean> commitAll(List<Entry> entries, List<ScheduleCommit> commits) {
    if (commits.isEmpty()) {
      return List.of();
    }
    ScheduleStore store = services.store();
    try {
      return store.commitAll(commits);
    } catch (RuntimeException shared) {
      if (commits.size() == 1) {
        fail(entries.get(0), shared);
        return Arrays.asList((Boolean) null);
      }
      LOG.warn("a batch of {} schedule writes failed; writing them one by one", commits.size());
    }
    List<Boolean> won = new ArrayList<>(commits.size());
    for (int i = 0; i < commits.size(); i++) {
      try {
        won.add(store.commit(commits.get(i)));
      } catch (RuntimeException own) {
        won.add(null);
        fail(entries.get(i), own);
      }
    }
    return won;
  }

  /**
   * Carries out the triggers the evaluations wait for: the runs of those that only start runs
   * created in one batch, the others (events to send, previous runs to stop) one by one, in order.
   */
  private void carryOut(List<Entry> carrying) {
    List<Entry> batched = new ArrayList<>();
    List<PendingTrigger> starts = new ArrayList<>();
    List<ScheduleRecord> recordedOn = new ArrayList<>();
    for (Entry entry : carrying) {
      List<PendingTrigger> wanted = entry.evaluation.toCarryOut();
      if (wanted.stream().allMatch(PendingTriggers::startsOnly)) {
        batched.add(entry);
        starts.addAll(wanted);
        wanted.forEach(trigger -> recordedOn.add(entry.evaluation.schedule()));
      } else {
        carryOutAlone(entry, wanted);
      }
    }
    if (starts.isEmpty()) {
      return;
    }
    List<PendingTriggers.Carried> carried = triggers.startAll(recordedOn, starts);
    int at = 0;
    for (Entry entry : batched) {
      RuntimeException first = null;
      for (PendingTrigger trigger : entry.evaluation.toCarryOut()) {
        PendingTriggers.Carried result = carried.get(at++);
        if (result.failure() == null) {
          entry.evaluation.carriedOut(trigger, result.outcome());
        } else if (first == null) {
          first = result.failure();
        }
      }
      if (first != null) {
        fail(entry, first);
      }
    }
  }

  private void carryOutAlone(Entry entry, List<PendingTrigger> wanted) {
    for (PendingTrigger trigger : wanted) {
      try {
        TriggerOutcome outcome = triggers.carryOut(entry.evaluation.schedule(), trigger);
        entry.evaluation.carriedOut(trigger, outcome);
      } catch (RuntimeException e) {
        fail(entry, e);
        return;
      }
    }
  }

  /** Writes what the evaluations that are done left to write, giving their claims up. */
  private void finish(List<Entry> entries) {
    List<Entry> writing = new ArrayList<>();
    List<ScheduleCommit> commits = new ArrayList<>();
    for (Entry entry : entries) {
      if (entry.failure != null) {
        continue;
      }
      ScheduleCommit last = entry.evaluation.finalWrite();
      if (last == null) {
        finished(entry, false);
      } else {
        writing.add(entry);
        commits.add(last);
      }
    }
    List<Boolean> won = commitAll(writing, commits);
    for (int i = 0; i < writing.size(); i++) {
      if (won.get(i) != null) {
        finished(writing.get(i), won.get(i));
      }
    }
  }

  private void finished(Entry entry, boolean won) {
    try {
      entry.evaluation.finished(won);
    } catch (RuntimeException e) {
      fail(entry, e);
    }
  }

  /**
   * Ends a schedule's evaluation on a failure: what it decided and did so far is written, keeping
   * the claim, so it is tried again when the claim expires. A failure of that write as well (the
   * store is gone) ends the tick.
   */
  private void fail(Entry entry, RuntimeException e) {
    ScheduleRecord schedule = entry.evaluation.claimed();
    LOG.warn(
        "schedule {}/{} failed to trigger; it is tried again when its claim expires",
        schedule.namespace(),
        schedule.scheduleId(),
        e);
    entry.failure = e;
    entry.evaluation.keepWhatWasDone();
  }

  private static List<TickResult> rows(List<Entry> entries) {
    List<TickResult> rows = new ArrayList<>();
    for (Entry entry : entries) {
      rows.addAll(entry.evaluation.rows());
      if (entry.failure != null) {
        ScheduleRecord schedule = entry.evaluation.claimed();
        RuntimeException e = entry.failure;
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
      }
    }
    return rows;
  }
}
